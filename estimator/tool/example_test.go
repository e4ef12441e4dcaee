package tool_test

import (
	"fmt"
	"github.com/trainscale/trainscale/estimator"

	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/estimator/tool"
)

// show prints a result's quantity as the text surfaces do.
func show(res *tool.Result, id string) {
	q, _ := res.Get(id)
	fmt.Printf("%s = %s\n", id, present.FormatToolValue(q.Value, q.Unit, estimator.English))
}

func ExampleThroughput() {
	batch := 112
	res, err := tool.Throughput(tool.ThroughputRequest{Model: "resnet-50", GPU: "v100-sxm2-16gb", Precision: "fp32", Batch: &batch})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Title.EN)
	fmt.Println("bound:", res.Note("bound"))
	show(res, "throughput.images_per_s")
	q, _ := res.Get("throughput.compute_time")
	fmt.Println(q.Formula)
	// Output:
	// NVIDIA Tesla V100 SXM2 16 GB training ResNet-50 v1.5 at fp32, batch 112
	// bound: compute
	// throughput.images_per_s = 366.7/s
	// 6 * catalog.models.resnet-50.forward_macs / throughput.rate
}

func ExampleScale() {
	res, err := tool.Scale(tool.ScaleRequest{Model: "resnet-50", System: "dgx-1-v100", GPUs: 32, Precision: "mixed"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Title.EN)
	show(res, "scale.systems")
	show(res, "scale.speedup")
	show(res, "scale.efficiency")
	fmt.Println("bottleneck:", res.Note("bottleneck"))
	// Output:
	// ResNet-50 v1.5 on 32 GPUs of NVIDIA DGX-1 (Volta) (v100-sxm2-16gb), mixed, batch 128 per GPU
	// scale.systems = 4
	// scale.speedup = 27.5
	// scale.efficiency = 86%
	// bottleneck: computation, with 0.753% of the step waiting on gradient exchange and 15.1% on the host's input work
}

func ExampleMemory() {
	batch := 256
	res, err := tool.Memory(tool.MemoryRequest{Model: "vgg-16", GPU: "titan-x-maxwell", Batch: &batch})
	if err != nil {
		fmt.Println(err)
		return
	}
	show(res, "memory.total")
	show(res, "memory.capacity")
	fmt.Println(res.Note("verdict"))
	// Output:
	// memory.total = 26.16 GiB (28.09 GB)
	// memory.capacity = 12 GiB (12.88 GB)
	// does not fit: the largest batch that does is 108
}

// A request with bad fields gets every problem at once, each naming its field.
func ExampleMemory_badRequest() {
	batch := 0
	_, err := tool.Memory(tool.MemoryRequest{Model: "resnet-50", GPU: "h100-sxm", Batch: &batch, Optimizer: "lion"})
	fmt.Println(err)
	// Output:
	// batch: must be > 0, got 0
	// optimizer: must be one of sgd, adam, got "lion"
}

func ExampleCatalog() {
	l, err := tool.Catalog("networks")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range l.Section.Rows[:3] {
		fmt.Println(row[:4])
	}
	// Output:
	// [id kind bandwidth latency]
	// [pcie3 pcie 15.75 GB/s 5 µs]
	// [pcie4-x8 pcie 15.75 GB/s 5 µs]
}
