package estimator

import (
	"io"
	"slices"
	"strconv"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/civil"
	"github.com/trainscale/trainscale/internal/minfmt"
)

// pricesFile is a user's cloud prices, as `trainscale plan --prices` reads
// them: {"prices": [{"provider": "aws", "instance": "p5.48xlarge", ...}]}.
// Prices are per GPU-hour, in USD or the scenario's currency.
type pricesFile struct {
	Prices []priceEntry `json:"prices" check:"nonempty"`
}

type priceEntry struct {
	Provider  string   `json:"provider" check:"id"`
	Instance  string   `json:"instance"`
	GPU       string   `json:"gpu"`
	GPUs      float64  `json:"gpus" check:"int,gt0"`
	System    string   `json:"system"` // the catalog system it trains as
	Region    string   `json:"region,omitempty"`
	OnDemand  *float64 `json:"on_demand,omitempty" check:"gt0"`
	OneYear   *float64 `json:"one_year,omitempty" check:"gt0"`
	ThreeYear *float64 `json:"three_year,omitempty" check:"gt0"`
	Spot      *float64 `json:"spot,omitempty" check:"gt0"`
	Currency  string   `json:"currency,omitempty"` // USD (default) or the scenario's money.currency
	Source    string   `json:"source"`
	AsOf      string   `json:"as_of"` // YYYY-MM-DD
}

// DecodePrices reads a user's prices file strictly (unknown fields, wrong
// types and broken rules are *FieldErrors naming the entry) and returns its
// entries in USD, as the catalog holds them; s gives the currency and rate
// an entry in the scenario's currency is converted with.
//
// asOf is the date the plan is asked at (PlanOptions.AsOf; the scenario's
// plan.as_of wins, as in MakePlan). Each entry replaces the catalog's
// entries of its instance (MergePrices), so an entry the planner would not
// take is refused rather than left to drop that instance silently: one
// dated after asOf, one that repeats another's provider, instance and date
// (the planner would keep either), one with only a spot price (never
// planned with). With neither date the plan is dated by the newest price,
// and no entry is later.
func DecodePrices(r io.Reader, s *Scenario, asOf string) ([]hardware.CloudOffer, error) {
	tree, err := ReadTree(r, "scenario")
	if err != nil {
		return nil, err
	}
	var f pricesFile
	if err := decodeTree(tree, &f, nil); err != nil {
		return nil, err
	}
	scenarioCurrency, perUSD := "USD", 1.0
	if s != nil && s.Money != nil {
		scenarioCurrency, perUSD = s.Currency(), s.Money.USDRate()
	}
	if s != nil && s.Plan != nil && s.Plan.AsOf != "" {
		asOf = s.Plan.AsOf
	}
	planned, dated := civil.Parse(asOf) // a malformed date is MakePlan's to report
	type key struct{ provider, instance, asOf string }
	first := map[key]int{}
	var errs errorList
	out := make([]hardware.CloudOffer, 0, len(f.Prices))
	for i, e := range f.Prices {
		path := minfmt.Sprintf("prices[%d]", i)
		toUSD := 1.0
		switch cur := e.Currency; {
		case cur == "" || cur == "USD":
		case cur == scenarioCurrency:
			toUSD = 1 / perUSD
		default:
			errs.add(path+".currency", Text{"has no rate: give prices in USD or in the scenario's money.currency (" + scenarioCurrency + "), which money.per_usd converts",
				"換算レートがありません。USD かシナリオの money.currency（" + scenarioCurrency + "）で指定してください（money.per_usd で換算します）"}, strconv.Quote(cur))
		}
		if e.Instance == "" {
			errs.add(path+".instance", Text{"must name the provider's instance", "事業者のインスタンス名を指定してください"}, nil)
		}
		if e.Source == "" {
			errs.add(path+".source", Text{"must say where the prices were read", "価格の出典を指定してください"}, nil)
		}
		if d, ok := civil.Parse(e.AsOf); !ok {
			errs.add(path+".as_of", Text{"must be a date YYYY-MM-DD", "YYYY-MM-DD の日付にしてください"}, strconv.Quote(e.AsOf))
		} else if dated && d > planned {
			errs.add(path+".as_of", Text{"must be no later than the plan's as-of date, " + asOf + " (plan.as_of, --as-of, else today): the planner leaves a later price out, and the entry would still replace the catalog's prices of its instance",
				"計画の基準日 " + asOf + "（plan.as_of、--as-of、なければ今日）以前にしてください。それより後の価格は計画に使われず、しかもそのインスタンスのカタログ価格を置き換えてしまいます"}, strconv.Quote(e.AsOf))
		}
		k := key{e.Provider, e.Instance, e.AsOf}
		if j, dup := first[k]; dup {
			errs.add(path+".as_of", Text{minfmt.Sprintf("repeats the provider, instance and date of prices[%d]: give one price per instance and date (the planner would take either)", j),
				minfmt.Sprintf("prices[%d] と事業者・インスタンス・日付が重複しています。インスタンスと日付ごとに価格は 1 つにしてください（計画がどちらを使うか定まりません）", j)}, strconv.Quote(e.AsOf))
		} else {
			first[k] = i
		}
		_, knownGPU := hardware.GPUByID(e.GPU)
		if !knownGPU {
			errs.add(path+".gpu", knownAs("unknown catalog GPU", "カタログにない GPU です", hardware.GPUIDs()), strconv.Quote(e.GPU))
		}
		if sys, ok := hardware.SystemByID(e.System); !ok {
			errs.add(path+".system", knownAs("unknown catalog system", "カタログにないシステムです", hardware.SystemIDs()), strconv.Quote(e.System))
		} else {
			if knownGPU && sys.GPU != e.GPU {
				errs.add(path+".system", Text{"must be a system of the entry's GPU (" + e.GPU + "); " + e.System + " has " + sys.GPU,
					"エントリの GPU（" + e.GPU + "）のシステムにしてください。" + e.System + " の GPU は " + sys.GPU + " です"}, strconv.Quote(e.System))
			}
			// An instance trains as its system, whose links and host serve
			// that system's GPUs: it may be a slice of one, not more.
			if e.GPUs > float64(sys.GPUs) {
				errs.add(path+".gpus", Text{minfmt.Sprintf("must be at most %d, the GPUs of the system it trains as (%s)", sys.GPUs, e.System),
					minfmt.Sprintf("学習に使うシステム（%s）の GPU 数 %d 以下にしてください", e.System, sys.GPUs)}, e.GPUs)
			}
		}
		price := func(p *float64) float64 {
			if p == nil {
				return 0
			}
			return *p * toUSD
		}
		o := hardware.CloudOffer{Provider: e.Provider, Instance: e.Instance, GPU: e.GPU, GPUs: int(e.GPUs), System: e.System, Region: e.Region,
			OnDemand: price(e.OnDemand), OneYear: price(e.OneYear), ThreeYear: price(e.ThreeYear), Spot: price(e.Spot), Source: e.Source, AsOf: e.AsOf}
		switch {
		case o.OnDemand+o.OneYear+o.ThreeYear+o.Spot == 0:
			errs.add(path, Text{"gives no price: set on_demand, one_year, three_year or spot", "価格がありません。on_demand、one_year、three_year、spot のいずれかを指定してください"}, nil)
		case o.OnDemand+o.OneYear+o.ThreeYear == 0:
			errs.add(path, Text{"gives only a spot price, which the planner does not plan with (a pre-empted run misses its deadline): set on_demand, one_year or three_year",
				"スポット価格しかありません。計画はスポット価格を使いません（中断された実行は期限に間に合いません）。on_demand、one_year、three_year のいずれかを指定してください"}, nil)
		}
		out = append(out, o)
	}
	if len(errs) > 0 {
		return nil, errs.err()
	}
	return out, nil
}

// MergePrices is the catalog with a user's entries: each replaces every
// catalog entry of its provider and instance (a negotiated price beats a
// list price of any date), and the rest are added.
func MergePrices(catalog, user []hardware.CloudOffer) []hardware.CloudOffer {
	type key struct{ provider, instance string }
	mine := map[key]bool{}
	for _, o := range user {
		mine[key{o.Provider, o.Instance}] = true
	}
	out := slices.DeleteFunc(slices.Clone(catalog), func(o hardware.CloudOffer) bool { return mine[key{o.Provider, o.Instance}] })
	out = append(out, user...)
	hardware.SortCloudOffers(out)
	return out
}
