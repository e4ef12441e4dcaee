package hardware_test

import (
	"fmt"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// How fast one V100 trains ResNet-50, and how that holds up across a DGX-1.
func Example() {
	f := hardware.DefaultFactors()
	m, _ := hardware.ModelByID("resnet-50")
	sys, _ := hardware.SystemByID("dgx-1-v100")
	gpu, _ := hardware.GPUByID(sys.GPU)

	one := hardware.EstimateThroughput(m, gpu.Device(), hardware.Mixed, 256, f)
	fmt.Printf("1 GPU: %.0f images/s, %s-bound\n", one.ImagesPerS, one.Bound)
	// The more GPUs the DGX-1's CPUs decode JPEGs for, the more of that work
	// the step cannot hide: the speed-up falls below the GPU count.
	for _, s := range hardware.Sweep(m, sys, gpu, 16, hardware.Mixed, 256, f) {
		fmt.Printf("%2d GPUs: %.2fx\n", s.GPUs, s.Speedup)
	}
	// Output:
	// 1 GPU: 1201 images/s, memory-bound
	//  1 GPUs: 1.00x
	//  2 GPUs: 1.96x
	//  4 GPUs: 3.75x
	//  8 GPUs: 6.92x
	// 16 GPUs: 13.82x
}
