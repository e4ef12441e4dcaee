package hardware

var gpus = []GPU{
	{ID: "titan-x-maxwell", Name: "NVIDIA GeForce GTX Titan X (Maxwell)", Generation: "maxwell",
		FP32: 6.6e12, Mixed: 6.6e12, // Maxwell has no faster FP16 path
		Memory: 12 * gib, MemBandwidth: 336.5 * gb, Link: "pcie3", HostLink: "pcie3", TDP: 250, PriceUSD: 999,
		Source: "NVIDIA GeForce GTX Titan X specifications (2015); Rhu et al., vDNN, arXiv 1602.08124", AsOf: asOf},
	{ID: "gtx-1080", Name: "NVIDIA GeForce GTX 1080", Generation: "pascal",
		FP32: 8.87e12, Mixed: 8.87e12, // GP104 runs FP16 arithmetic at 1/64 rate: no faster path
		Memory: 8 * gib, MemBandwidth: 320 * gb, Link: "pcie3", HostLink: "pcie3", TDP: 180, PriceUSD: 599,
		Source: "NVIDIA GeForce GTX 1080 specifications and GP104 whitepaper (2016)", AsOf: asOf},
	{ID: "p100-sxm2", Name: "NVIDIA Tesla P100 SXM2 16 GB", Generation: "pascal",
		FP32: 10.6e12, Mixed: 21.2e12, // FP16 at twice FP32, no tensor cores
		Memory: 16 * gib, MemBandwidth: 732 * gb, Link: "nvlink1", HostLink: "pcie3", TDP: 300,
		Source: "NVIDIA Tesla P100 datasheet (2016)", AsOf: asOf},
	{ID: "v100-sxm2-16gb", Name: "NVIDIA Tesla V100 SXM2 16 GB", Generation: "volta",
		FP32: 15.7e12, Mixed: 125e12,
		Memory: 16 * gib, MemBandwidth: 900 * gb, Link: "nvlink2", HostLink: "pcie3", TDP: 300,
		Source: "NVIDIA Tesla V100 datasheet (2017)", AsOf: asOf},
	{ID: "v100-sxm2-32gb", Name: "NVIDIA Tesla V100 SXM2 32 GB", Generation: "volta",
		FP32: 15.7e12, Mixed: 125e12,
		Memory: 32 * gib, MemBandwidth: 900 * gb, Link: "nvlink2", HostLink: "pcie3", TDP: 300,
		Source: "NVIDIA Tesla V100 datasheet (2018 revision)", AsOf: asOf},
	{ID: "a100-sxm4-40gb", Name: "NVIDIA A100 SXM4 40 GB", Generation: "ampere",
		FP32: 19.5e12, TF32: 156e12, Mixed: 312e12, BF16: 312e12, // no FP8 path before Hopper
		Memory: 40 * gib, MemBandwidth: 1555 * gb, Link: "nvlink3", HostLink: "pcie4", TDP: 400,
		Source: "NVIDIA A100 datasheet (2020)", AsOf: asOf},
	{ID: "a100-sxm4-80gb", Name: "NVIDIA A100 SXM4 80 GB", Generation: "ampere",
		FP32: 19.5e12, TF32: 156e12, Mixed: 312e12, BF16: 312e12,
		Memory: 80 * gib, MemBandwidth: 2039 * gb, Link: "nvlink3", HostLink: "pcie4", TDP: 400,
		Source: "NVIDIA A100 datasheet (2021 revision)", AsOf: asOf},
	{ID: "h100-sxm", Name: "NVIDIA H100 SXM5 80 GB", Generation: "hopper",
		FP32: 66.9e12, TF32: 494.7e12, Mixed: 989.4e12, // dense: half the datasheet's sparse figures
		BF16: 989.4e12, FP8: 1978.9e12,
		Memory: 80 * gib, MemBandwidth: 3350 * gb, Link: "nvlink4", HostLink: "pcie5", TDP: 700,
		Source: "NVIDIA H100 Tensor Core GPU datasheet (2022); NVIDIA H100 whitepaper, Table 2 (dense FP8 1,978.9 TFLOPS)", AsOf: asOf},
	// The H100 for the Chinese market: the same SMs and clocks, NVLink cut
	// to 400 GB/s (8 links); DeepSeek-V3 was trained on it.
	{ID: "h800-sxm", Name: "NVIDIA H800 SXM5 80 GB", Generation: "hopper",
		FP32: 66.9e12, TF32: 494.7e12, Mixed: 989.4e12, BF16: 989.4e12, FP8: 1978.9e12,
		Memory: 80 * gib, MemBandwidth: 3350 * gb, Link: "nvlink4-h800", HostLink: "pcie5", TDP: 700,
		Source: "NVIDIA H800 Tensor Core GPU datasheet (2023): H100 SXM compute, NVLink 400 GB/s; DeepSeek-V3 technical report, arXiv 2412.19437, section 3.1", AsOf: asOf},
	{ID: "h200-sxm", Name: "NVIDIA H200 SXM 141 GB", Generation: "hopper",
		FP32: 66.9e12, TF32: 494.7e12, Mixed: 989.4e12, BF16: 989.4e12, FP8: 1978.9e12,
		Memory: 141 * gib, MemBandwidth: 4800 * gb, Link: "nvlink4", HostLink: "pcie5", TDP: 700,
		Source: "NVIDIA H200 Tensor Core GPU datasheet (2024)", AsOf: asOf},
	{ID: "b200", Name: "NVIDIA B200 (HGX B200)", Generation: "blackwell",
		FP32: 80e12, TF32: 1.1e15, Mixed: 2.25e15, // dense: half the datasheet's sparse figures
		BF16: 2.25e15, FP8: 4.5e15, FP4: 9e15, // 8-GPU HGX sparse 36/72/144 PFLOPS, halved, per GPU
		Memory: 180 * gib, MemBandwidth: 8000 * gb, Link: "nvlink5", HostLink: "pcie5", TDP: 1000,
		Source: "NVIDIA HGX B200 datasheet (2024); DGX B200 datasheet", AsOf: asOf},
	// The Blackwell GPU of a GB200 superchip runs at 1,200 W, faster than
	// the air-cooled HGX B200's 1,000 W part; its host is a Grace CPU over
	// NVLink-C2C rather than PCIe.
	{ID: "gb200", Name: "NVIDIA B200 in GB200 NVL72", Generation: "blackwell",
		FP32: 80e12, TF32: 1.25e15, Mixed: 2.5e15, // the rack's sparse figures / 72 GPUs, halved
		BF16: 2.5e15, FP8: 5e15, FP4: 10e15, // 72-GPU rack sparse 360/720/1,440 PFLOPS, halved, per GPU
		Memory: 186 * gib, MemBandwidth: 8000 * gb, Link: "nvlink5", HostLink: "nvlink-c2c", TDP: 1200,
		Source: "NVIDIA GB200 NVL72 datasheet (2024): 13.4 TB HBM3e at 576 TB/s for 72 GPUs; FP32 as the B200", AsOf: asOf},
	{ID: "mi300x", Name: "AMD Instinct MI300X 192 GB", Generation: "cdna3",
		FP32: 163.4e12, TF32: 653.7e12, Mixed: 1307.4e12, BF16: 1307.4e12, FP8: 2614.9e12, // dense, as AMD lists them beside the sparse ones
		Memory: 192 * gib, MemBandwidth: 5300 * gb, Link: "infinity-fabric", HostLink: "pcie5", TDP: 750,
		Source: "AMD Instinct MI300X data sheet (2023): 192 GB HBM3, 5.3 TB/s, 7 Infinity Fabric links", AsOf: asOf},
	{ID: "rtx-3050", Name: "NVIDIA GeForce RTX 3050 (desktop, 8 GB)", Generation: "ampere",
		FP32: 9.1e12, TF32: 9.1e12,
		// Derived, not published: GA10x GeForce tensor cores run FP16 with FP32
		// accumulation at half the FP16-accumulate rate, about 2x FP32 here.
		Mixed: 18.2e12, BF16: 18.2e12, // BF16 runs at the FP16 rate on GA10x
		Memory: 8 * gib, MemBandwidth: 224 * gb, Link: "pcie4-x8", HostLink: "pcie4-x8", TDP: 130, PriceUSD: 249,
		Source: "NVIDIA GeForce RTX 3050 specifications (2022); NVIDIA Ampere GA102 whitepaper for the tensor rate", AsOf: asOf},
}

var cpus = []CPU{
	{ID: "core-i7-12700", Name: "Intel Core i7-12700 (8 P-cores counted)",
		// The 4 E-cores add ~15% and are left out; clock is the P-cores' AVX2 all-core turbo.
		Cores: 8, ClockHz: 4.5e9, FlopsPerCycle: 32, Sockets: 1, FP32: 8 * 4.5e9 * 32,
		MemBandwidth: 76.8 * gb, TDP: 65,
		Source: "Intel ARK, Core i7-12700 (2022): 2 AVX2 FMA units per P-core", AsOf: asOf},
	{ID: "xeon-e5-2680v4-2s", Name: "2x Intel Xeon E5-2680 v4",
		Cores: 14, ClockHz: 2.4e9, FlopsPerCycle: 32, Sockets: 2, FP32: 14 * 2.4e9 * 32 * 2,
		MemBandwidth: 2 * 76.8 * gb, TDP: 2 * 120,
		Source: "Intel ARK, Xeon E5-2680 v4 (2016)", AsOf: asOf},
	{ID: "xeon-e5-2698v4-2s", Name: "2x Intel Xeon E5-2698 v4 (DGX-1 host)",
		Cores: 20, ClockHz: 2.2e9, FlopsPerCycle: 32, Sockets: 2, FP32: 20 * 2.2e9 * 32 * 2,
		MemBandwidth: 2 * 76.8 * gb, TDP: 2 * 135,
		Source: "Intel ARK, Xeon E5-2698 v4 (2016); NVIDIA DGX-1 datasheet", AsOf: asOf},
	{ID: "xeon-8168-2s", Name: "2x Intel Xeon Platinum 8168 (DGX-2 host)",
		Cores: 24, ClockHz: 2.7e9, FlopsPerCycle: 64, Sockets: 2, FP32: 24 * 2.7e9 * 64 * 2,
		MemBandwidth: 2 * 128 * gb, TDP: 2 * 205,
		Source: "Intel ARK, Xeon Platinum 8168 (2017): 2 AVX-512 FMA units; NVIDIA DGX-2 datasheet", AsOf: asOf},
	{ID: "epyc-7742-2s", Name: "2x AMD EPYC 7742 (DGX A100 host)",
		Cores: 64, ClockHz: 2.25e9, FlopsPerCycle: 32, Sockets: 2, FP32: 64 * 2.25e9 * 32 * 2,
		MemBandwidth: 2 * 204.8 * gb, TDP: 2 * 225,
		Source: "AMD EPYC 7742 product page (2019): 2x256-bit FMA per Zen 2 core; NVIDIA DGX A100 datasheet", AsOf: asOf},
	{ID: "xeon-8480-2s", Name: "2x Intel Xeon Platinum 8480C/8480+ (DGX H100/H200 host)",
		Cores: 56, ClockHz: 2.0e9, FlopsPerCycle: 64, Sockets: 2, FP32: 56 * 2.0e9 * 64 * 2,
		MemBandwidth: 2 * 307.2 * gb, TDP: 2 * 350,
		Source: "Intel ARK, Xeon Platinum 8480+ (2023); NVIDIA DGX H100 datasheet", AsOf: asOf},
	{ID: "xeon-8570-2s", Name: "2x Intel Xeon Platinum 8570 (DGX B200 host)",
		Cores: 56, ClockHz: 2.1e9, FlopsPerCycle: 64, Sockets: 2, FP32: 56 * 2.1e9 * 64 * 2,
		MemBandwidth: 2 * 358.4 * gb, TDP: 2 * 350,
		Source: "Intel ARK, Xeon Platinum 8570 (2023); NVIDIA DGX B200 datasheet", AsOf: asOf},
}

var systems = []System{
	{ID: "dgx-1-p100", Name: "NVIDIA DGX-1 (Pascal)", GPU: "p100-sxm2", GPUs: 8, IntraLink: "nvlink1",
		NetworkPorts: 4, Network: "ib-edr", HostRAM: 512 * gib, LocalSSD: 4 * 1.92 * tb, Power: 3200, PriceUSD: 129000,
		CPU: "xeon-e5-2698v4-2s", Source: "NVIDIA DGX-1 datasheet (2016); launch price as announced at GTC 2016", AsOf: asOf},
	{ID: "dgx-1-v100", Name: "NVIDIA DGX-1 (Volta)", GPU: "v100-sxm2-16gb", GPUs: 8, IntraLink: "nvlink2",
		NetworkPorts: 4, Network: "ib-edr", HostRAM: 512 * gib, LocalSSD: 4 * 1.92 * tb, Power: 3500, PriceUSD: 149000,
		CPU: "xeon-e5-2698v4-2s", Source: "NVIDIA DGX-1 with Tesla V100 datasheet (2017); launch price as announced at GTC 2017", AsOf: asOf},
	{ID: "big-basin-p100", Name: "Facebook Big Basin (8x P100, 50 Gbit/s Ethernet)", GPU: "p100-sxm2", GPUs: 8, IntraLink: "nvlink1",
		NetworkPorts: 1, Network: "eth-50g", HostRAM: 0, LocalSSD: 3.2 * tb, // host RAM, power and price not published
		CPU: "xeon-e5-2680v4-2s", Source: "Goyal et al., Accurate, Large Minibatch SGD, arXiv 1706.02677 (2017); Open Compute Project Big Basin spec", AsOf: asOf},
	{ID: "dgx-2", Name: "NVIDIA DGX-2", GPU: "v100-sxm2-32gb", GPUs: 16, IntraLink: "nvlink2", // NVSwitch: every GPU at its full NVLink rate
		NetworkPorts: 8, Network: "ib-edr", HostRAM: 1536 * gib, LocalSSD: 30 * tb, Power: 10000, PriceUSD: 399000,
		CPU: "xeon-8168-2s", Source: "NVIDIA DGX-2 datasheet (2018)", AsOf: asOf},
	{ID: "dgx-a100", Name: "NVIDIA DGX A100 (320 GB)", GPU: "a100-sxm4-40gb", GPUs: 8, IntraLink: "nvlink3",
		NetworkPorts: 8, Network: "ib-hdr", HostRAM: 1024 * gib, LocalSSD: 15 * tb, Power: 6500, PriceUSD: 199000,
		CPU: "epyc-7742-2s", Source: "NVIDIA DGX A100 datasheet (2020)", AsOf: asOf},
	// The 80 GB DGX A100, the node of NVIDIA's Selene (Megatron-LM's runs) and
	// the usual A100 training node: 8 single-port 200 Gbit/s HDR adapters.
	{ID: "dgx-a100-640gb", Name: "NVIDIA DGX A100 (640 GB)", GPU: "a100-sxm4-80gb", GPUs: 8, IntraLink: "nvlink3",
		NetworkPorts: 8, Network: "ib-hdr", HostRAM: 2048 * gib, LocalSSD: 30 * tb, Power: 6500,
		CPU: "epyc-7742-2s", Source: "NVIDIA DGX A100 datasheet (2020, 640 GB revision); no list price published for this model", AsOf: asOf},
	{ID: "dgx-h100", Name: "NVIDIA DGX H100", GPU: "h100-sxm", GPUs: 8, IntraLink: "nvlink4",
		NetworkPorts: 8, Network: "ib-ndr", HostRAM: 2048 * gib, LocalSSD: 8 * 3.84 * tb, Power: 10200,
		CPU: "xeon-8480-2s", Source: "NVIDIA DGX H100 datasheet (2022); no official list price", AsOf: asOf},
	{ID: "dgx-h200", Name: "NVIDIA DGX H200", GPU: "h200-sxm", GPUs: 8, IntraLink: "nvlink4",
		NetworkPorts: 8, Network: "ib-ndr", HostRAM: 2048 * gib, LocalSSD: 8 * 3.84 * tb, Power: 10200,
		CPU: "xeon-8480-2s", Source: "NVIDIA DGX H200 datasheet (2024); no official list price", AsOf: asOf},
	{ID: "dgx-b200", Name: "NVIDIA DGX B200", GPU: "b200", GPUs: 8, IntraLink: "nvlink5",
		NetworkPorts: 8, Network: "ib-ndr", HostRAM: 2048 * gib, LocalSSD: 8 * 3.84 * tb, Power: 14300,
		CPU: "xeon-8570-2s", Source: "NVIDIA DGX B200 datasheet (2024); no official list price", AsOf: asOf},
	// The DeepSeek-V3 node: 8 H800 on NVSwitch, one 400 Gbit/s InfiniBand
	// port per GPU (the report's 50 GB/s). A baseboard, so host and price vary.
	{ID: "hgx-h800", Name: "NVIDIA HGX H800 8-GPU server", GPU: "h800-sxm", GPUs: 8, IntraLink: "nvlink4-h800",
		NetworkPorts: 8, Network: "ib-ndr", // host RAM, SSD, power and price not published
		Source: "NVIDIA H800 datasheet (2023); DeepSeek-V3 technical report, arXiv 2412.19437, section 3.1", AsOf: asOf},
	// One rack, one NVLink domain: 18 compute trays of two GB200 superchips
	// (4 GPUs) each, all 72 GPUs on the NVLink switch trays.
	{ID: "gb200-nvl72", Name: "NVIDIA GB200 NVL72 rack", GPU: "gb200", GPUs: 72, IntraLink: "nvlink5", NVLinkDomain: 72,
		NetworkPorts: 72, Network: "ib-ndr", HostRAM: 36 * 480 * gib, // 36 Grace CPUs with 480 GB LPDDR5X each
		Source: "NVIDIA GB200 NVL72 datasheet (2024): 72 Blackwell GPUs, 36 Grace CPUs, 130 TB/s NVLink domain; one 400 Gbit/s ConnectX-7 per GPU for scale-out; power and price not published", AsOf: asOf},
	{ID: "mi300x-platform", Name: "AMD Instinct MI300X Platform (8 GPUs)", GPU: "mi300x", GPUs: 8, IntraLink: "infinity-fabric",
		NetworkPorts: 8, Network: "eth-400g", // host, SSD, power and price are the OEM server's
		Source: "AMD Instinct MI300X Platform data sheet (2023): 8 GPUs fully connected by Infinity Fabric; OEM servers pair each GPU with a 400 Gbit/s NIC", AsOf: asOf},
	// The article's "gaming cards on a PCIe bus" case: no NVLink, so gradients
	// cross the host. Callers may put another GPU or count in it.
	{ID: "pcie-server", Name: "Generic PCIe server, 8x GeForce GTX 1080", GPU: "gtx-1080", GPUs: 8, IntraLink: "pcie3",
		NetworkPorts: 1, Network: "eth-25g", HostRAM: 256 * gib, LocalSSD: 3.84 * tb, Power: 2000, // 8x180 W cards + host; price varies
		CPU: "xeon-e5-2680v4-2s", Source: "Illustrative 2017 build: 4U 8-GPU PCIe chassis, GTX 1080 specifications; Grzywaczewski (NVIDIA, 2017) on PCIe scaling", AsOf: asOf},
}

// activationPerElement converts the saved-element count of a network into
// bytes: VGG-16 at batch 256 needs ~28 GB (Rhu et al.), which leaves 98 MB of
// activations per image for its 15.1 M saved elements, 6.5 B each (4 B for
// the fp32 feature and, for most, its gradient map alive at the same time).
const activationPerElement = 98e6 / 15.1e6

// cifarScale is how much less a 224-pixel network computes and stores when
// fed 32x32 images unchanged: (224/32)^2.
const cifarScale = 49

var models = []Model{
	{ID: "alexnet", Name: "AlexNet", Params: 61.1e6, ForwardMACs: 0.714e9, InputSize: 224,
		ActivationBytes: 0.78e6 * activationPerElement, SampleBytes: 110 * kib, Dataset: "imagenet",
		Source: "Krizhevsky et al. 2012; torchvision metadata", AsOf: asOf},
	{ID: "vgg-16", Name: "VGG-16", Params: 138.4e6, ForwardMACs: 15.47e9, InputSize: 224,
		ActivationBytes: 15.1e6 * activationPerElement, SampleBytes: 110 * kib, Dataset: "imagenet",
		Source: "Simonyan and Zisserman 2014; torchvision metadata; Rhu et al., vDNN, arXiv 1602.08124 (28 GB at batch 256)", AsOf: asOf},
	{ID: "resnet-18", Name: "ResNet-18", Params: 11.7e6, ForwardMACs: 1.814e9, InputSize: 224,
		ActivationBytes: 5.17e6 * activationPerElement, SampleBytes: 110 * kib, Dataset: "imagenet",
		Source: "He et al. 2016; torchvision metadata", AsOf: asOf},
	{ID: "resnet-50", Name: "ResNet-50 v1.5", Params: 25.6e6, ForwardMACs: 4.089e9, InputSize: 224,
		ActivationBytes: 22.4e6 * activationPerElement, SampleBytes: 110 * kib, Dataset: "imagenet",
		Source: "He et al. 2016; torchvision metadata; NVIDIA DeepLearningExamples (v1.5)", AsOf: asOf},
	{ID: "inception-v3", Name: "Inception-v3", Params: 27.2e6, ForwardMACs: 5.713e9, InputSize: 299,
		ActivationBytes: 18.3e6 * activationPerElement, SampleBytes: 110 * kib, Dataset: "imagenet",
		Source: "Szegedy et al. 2016; torchvision metadata", AsOf: asOf},
	{ID: "vit-b-16", Name: "ViT-B/16", Params: 86.6e6, ForwardMACs: 17.56e9, InputSize: 224,
		ActivationBytes: 44e6 * activationPerElement, SampleBytes: 110 * kib, Dataset: "imagenet",
		Source: "Dosovitskiy et al. 2021; torchvision metadata", AsOf: asOf},
	// The three CIFAR-10 networks of the RTX 3050 vs CPU study (cpuStudy). The study gives only parameter
	// counts; the small CNN's layout is assumed (two 3x3 conv layers with 32
	// and 64 channels, each pooled, then a 2304-200-10 classifier: 0.48 M
	// parameters), and the ResNets are torchvision's fed 32x32 images.
	{ID: "cifar-small", Name: "Small CNN (~0.5 M parameters)", Params: 0.482e6, ForwardMACs: 4.35e6, InputSize: 32,
		ActivationBytes: 0.049e6 * activationPerElement, SampleBytes: 3 * kib, Dataset: "cifar10",
		Source: cpuStudy + "; layout assumed", AsOf: asOf},
	{ID: "resnet-18-cifar", Name: "ResNet-18 on 32x32 input", Params: 11.7e6, ForwardMACs: 1.814e9 / cifarScale, InputSize: 32,
		ActivationBytes: 5.17e6 * activationPerElement / cifarScale, SampleBytes: 3 * kib, Dataset: "cifar10",
		Source: cpuStudy + "; torchvision ResNet-18 scaled to 32x32 input", AsOf: asOf},
	{ID: "resnet-50-cifar", Name: "ResNet-50 on 32x32 input", Params: 25.6e6, ForwardMACs: 4.089e9 / cifarScale, InputSize: 32,
		ActivationBytes: 22.4e6 * activationPerElement / cifarScale, SampleBytes: 3 * kib, Dataset: "cifar10",
		Source: cpuStudy + "; torchvision ResNet-50 scaled to 32x32 input", AsOf: asOf},
}

var networks = []Network{
	{ID: "pcie3", Name: "PCIe 3.0 x16", Bandwidth: 15.75 * gb, Latency: 5e-6, Kind: "pcie", Shared: true,
		Source: "PCI-SIG PCIe 3.0: 8 GT/s x16, 128b/130b", AsOf: asOf},
	{ID: "pcie4-x8", Name: "PCIe 4.0 x8", Bandwidth: 15.75 * gb, Latency: 5e-6, Kind: "pcie", Shared: true,
		Source: "PCI-SIG PCIe 4.0: 16 GT/s x8, 128b/130b", AsOf: asOf},
	{ID: "pcie4", Name: "PCIe 4.0 x16", Bandwidth: 31.5 * gb, Latency: 5e-6, Kind: "pcie", Shared: true,
		Source: "PCI-SIG PCIe 4.0: 16 GT/s x16, 128b/130b", AsOf: asOf},
	{ID: "pcie5", Name: "PCIe 5.0 x16", Bandwidth: 63 * gb, Latency: 5e-6, Kind: "pcie", Shared: true,
		Source: "PCI-SIG PCIe 5.0: 32 GT/s x16, 128b/130b", AsOf: asOf},
	{ID: "nvlink1", Name: "NVLink 1 (P100, 4 links)", Bandwidth: 80 * gb, Latency: 3e-6, Kind: "nvlink",
		Source: "NVIDIA Tesla P100 whitepaper: 160 GB/s bidirectional per GPU", AsOf: asOf},
	{ID: "nvlink2", Name: "NVLink 2 (V100, 6 links)", Bandwidth: 150 * gb, Latency: 3e-6, Kind: "nvlink",
		Source: "NVIDIA Tesla V100 whitepaper: 300 GB/s bidirectional per GPU", AsOf: asOf},
	{ID: "nvlink3", Name: "NVLink 3 (A100, 12 links)", Bandwidth: 300 * gb, Latency: 3e-6, Kind: "nvlink",
		Source: "NVIDIA A100 datasheet: 600 GB/s bidirectional per GPU", AsOf: asOf},
	{ID: "nvlink4", Name: "NVLink 4 (H100/H200, 18 links)", Bandwidth: 450 * gb, Latency: 3e-6, Kind: "nvlink",
		Source: "NVIDIA H100 datasheet: 900 GB/s bidirectional per GPU", AsOf: asOf},
	{ID: "nvlink5", Name: "NVLink 5 (B200, 18 links)", Bandwidth: 900 * gb, Latency: 3e-6, Kind: "nvlink",
		Source: "NVIDIA HGX B200 datasheet: 1.8 TB/s bidirectional per GPU", AsOf: asOf},
	{ID: "nvlink4-h800", Name: "NVLink 4 (H800, 8 links)", Bandwidth: 200 * gb, Latency: 3e-6, Kind: "nvlink",
		Source: "NVIDIA H800 datasheet: 400 GB/s bidirectional per GPU", AsOf: asOf},
	{ID: "nvlink-c2c", Name: "NVLink-C2C (Grace to each of its two Blackwell GPUs)", Bandwidth: 225 * gb, Latency: 1e-6, Kind: "nvlink",
		Source: "NVIDIA GB200 NVL72 datasheet: 900 GB/s bidirectional per Grace CPU, shared by its two GPUs", AsOf: asOf},
	// Seven links join each MI300X to the other seven GPUs of its platform;
	// collectives spread over all seven, so a GPU sends on all at once.
	{ID: "infinity-fabric", Name: "AMD Infinity Fabric (MI300X, 7 links)", Bandwidth: 7 * 64 * gb, Latency: 3e-6, Kind: "infinity-fabric",
		Source: "AMD Instinct MI300X data sheet: 7 links of 128 GB/s bidirectional, 896 GB/s per GPU", AsOf: asOf},
	{ID: "ib-edr", Name: "InfiniBand EDR 100 Gbit/s", Bandwidth: 100e9 / 8, Latency: 5e-6, Kind: "infiniband",
		Source: "InfiniBand Trade Association roadmap (EDR)", AsOf: asOf},
	{ID: "ib-hdr", Name: "InfiniBand HDR 200 Gbit/s", Bandwidth: 200e9 / 8, Latency: 5e-6, Kind: "infiniband",
		Source: "InfiniBand Trade Association roadmap (HDR)", AsOf: asOf},
	{ID: "ib-ndr", Name: "InfiniBand NDR 400 Gbit/s", Bandwidth: 400e9 / 8, Latency: 5e-6, Kind: "infiniband",
		Source: "InfiniBand Trade Association roadmap (NDR)", AsOf: asOf},
	{ID: "eth-25g", Name: "Ethernet 25 Gbit/s", Bandwidth: 25e9 / 8, Latency: 20e-6, Kind: "ethernet",
		Source: "IEEE 802.3by", AsOf: asOf},
	{ID: "eth-50g", Name: "Ethernet 50 Gbit/s", Bandwidth: 50e9 / 8, Latency: 20e-6, Kind: "ethernet",
		Source: "IEEE 802.3cd; Goyal et al. 2017 (50 Gbit/s per server)", AsOf: asOf},
	{ID: "eth-100g", Name: "Ethernet 100 Gbit/s", Bandwidth: 100e9 / 8, Latency: 20e-6, Kind: "ethernet",
		Source: "IEEE 802.3bj", AsOf: asOf},
	{ID: "eth-400g", Name: "Ethernet 400 Gbit/s", Bandwidth: 400e9 / 8, Latency: 20e-6, Kind: "ethernet",
		Source: "IEEE 802.3bs", AsOf: asOf},
}

var datasets = []Dataset{
	{ID: "imagenet", Name: "ImageNet-1k (ILSVRC 2012) training set", Samples: 1281167, SampleBytes: 110 * kib, InputSize: 224,
		Source: "Russakovsky et al. 2015; ~140 GB of JPEGs, about 110 KiB each", AsOf: asOf},
	{ID: "cifar10", Name: "CIFAR-10 training set", Samples: 50000, SampleBytes: 3 * kib, InputSize: 32,
		Source: "Krizhevsky 2009: 32x32x3 bytes per image", AsOf: asOf},
}
