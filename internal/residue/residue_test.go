package residue_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/residue"
)

func TestEnglish(t *testing.T) {
	data, ok := examples.Read("article-2017")
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	allow := residue.For(est)
	for _, tc := range []struct {
		line string
		want []string // nil: the line passes
	}{
		{"図 8：Total cost of ownership over the depreciation period を動かす要因", []string{"Total", "cost", "ownership", "over", "the", "depreciation", "period"}},
		{"0.46 years", []string{"years"}},
		{"procurement rounds up; the article prints the nearest integer", []string{"procurement", "rounds", "the", "article", "prints", "the", "nearest", "integer"}},
		{"P10 / P50 / P90", nil},
		{"申請する値は「点推定」です（シナリオの money.ask）。", nil},                               // an input's path
		{"team.inception-v3.systems_to_buy.dgx-1-v100 = 143", nil},             // a quantity id
		{"償却期間の総保有コスト（TCO） 31.84 百万 USD、5.54 GWh", nil},                        // acronyms and unit symbols
		{"article, assumption 4: resampling to 1 fps, which it says may", nil}, // a piece of the scenario's note, wrapped
		{"fleet.tb_per_hour: article, assumption 3: 5 cameras x 2 MP x 24 bit x 30 fps is over 3 TB/h raw; the article cuts it to 1 TB/h to stay", nil},
		{"Grzywaczewski「Training AI for Self-Driving Vehicles: the Challenge of Scale」（NVIDIA Developer Blog、2017 年）", nil},
		{"DGX-1 (Volta) 1 台での学習 1 回の時間: Inception-v3", nil}, // catalog names
		{"trainscale の Transformer モデル: リング all-reduce", nil},
		{"ceil(team.alexnet.systems.dgx-1-p100)", nil}, // a formula
		{"the scenario's dataset", []string{"the", "scenario", "dataset"}},
		{"ワークブック (.xlsx)", nil}, // a file's extension
		{"入力を変えるには JavaScript を有効にしてください。", nil},
		{"sgd または adam", nil},                   // the optimizers' ids
		{"次のいずれかにしてください: binary, decimal", nil}, // an input's choices
		{"約 110 KiB", nil},
		{"the xlsx sheet", []string{"the", "xlsx", "sheet"}},
	} {
		var got []string
		for _, l := range allow.English(tc.line) {
			got = append(got, l.Words...)
		}
		assert.Equal(t, tc.want, got, tc.line)
	}
}
