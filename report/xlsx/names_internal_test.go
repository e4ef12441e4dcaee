package xlsx

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDefinedName(t *testing.T) {
	for ref, want := range map[string]string{
		"fleet.cars":                            "fleet_cars",
		"training.epochs":                       "training_epochs",
		"workloads[0].mb_per_s":                 "workloads_0__mb_per_s",
		"team.target_days":                      "team_target_days",
		"team.inception-v3.systems.dgx-1-p100":  "team_inception_v3_systems_dgx_1_p100",
		"catalog.systems.dgx-1-p100.local_ssd":  "catalog_systems_dgx_1_p100_local_ssd",
		"units":                                 "units",
		"co2.per_run":                           "co2_per_run",
		"ab12":                                  "n_ab12", // a cell
		"XFD1048576":                            "n_XFD1048576",
		"r1c1":                                  "n_r1c1", // R1C1 references
		"R":                                     "n_R",
		"c":                                     "n_c",
		"rc":                                    "n_rc",
		"1st":                                   "n_1st", // a name starts with a letter
		"true":                                  "n_true",
		"max":                                   "n_max",
		"growth.inception-v3.systems_n10.dgx-1": "growth_inception_v3_systems_n10_dgx_1",
	} {
		assert.Equal(t, want, definedName(ref), ref)
	}
}

func TestNamerKeepsNamesUnique(t *testing.T) {
	n := newNamer()
	assert.Equal(t, "team_a_b_systems_x", n.add("team.a-b.systems.x", definedName("team.a-b.systems.x")))
	assert.Equal(t, "team_a_b_systems_x_2", n.add("team.a_b.systems.x", definedName("team.a_b.systems.x")))
	assert.Equal(t, "team_a_b_systems_x", n.add("team.a-b.systems.x", "ignored"), "a reference keeps its name")
	assert.Equal(t, "U_TB_2", n.add("other", "U_TB_2"))
	assert.Equal(t, "u_tb", n.add("TB", "u_tb"))
	assert.Equal(t, "u_TB_3", n.add("TB2", "u_TB"), "names compare without case: u_tb and U_TB_2 are taken")
}

func TestSheetOf(t *testing.T) {
	for id, want := range map[string]string{
		"data.raw":                          sheetData,
		"growth.compute_factor_n3":          sheetData,
		"growth.y2k.systems_n1.dgx-1-p100":  sheetData, // a workload named y2k
		"growth.y3.capex":                   sheetCost,
		"train.alexnet.gpu_time.dgx-1-p100": sheetTraining,
		"team.alexnet.systems.dgx-1-p100":   sheetTeam,
		"scale.alexnet.efficiency.dgx-h100": sheetScaling,
		"memory.vit.per_gpu.dgx-h100":       sheetMemory,
		"storage.shared_capacity":           sheetStorage,
		"host.ram_low.dgx-1-p100":           sheetStorage,
		"cost.tco":                          sheetCost,
		"energy.per_year":                   sheetCost,
		"co2.per_run":                       sheetCost,
		"newgroup.something":                sheetData,
	} {
		assert.Equal(t, want, sheetOf(id), id)
	}
}
