// Package hardware is trainscale's knowledge of accelerators, hosts, links
// and networks, and the performance models built on it. It holds no state:
// catalogs are returned as copies, every model is a pure function, and the
// few efficiency factors that make peak ratings real are passed in
// (DefaultFactors, or Fit to your own measurements). It does not validate
// input; package estimator does, and names the scenario field at fault, by
// the ranges FactorSpecs gives each factor. The catalog types' JSON keys
// name their units ("memory_bytes", "tdp_w").
//
// # Units
//
// SI base units throughout: FLOP/s, bytes, bytes/s, seconds, watts, USD.
// GPU memory and host RAM use binary multiples (a "16 GB" V100 holds
// 16 GiB); SSDs, links and bandwidths use decimal ones, as their vendors
// count. Peaks are dense: structured-sparsity figures are halved. GPU.Peak
// gives the peak of a precision: the throughput model's FP32, TF32 and
// mixed paths, and the BF16, FP8 (Hopper and later, MI300X) and FP4
// (Blackwell) tensor peaks transformer training uses, 0 where the part has
// no such path.
//
// # Throughput (EstimateThroughput)
//
// A roofline per sample, with a fixed per-step host cost on GPUs:
//
//	time = max(6 x MACs / (peak(p) x eff(p)),
//	           (8 x activations x width(p) + 28 B x params / batch) / (bandwidth x mem_eff),
//	           step_overhead / batch)
//
// Training costs three forward passes of two FLOPs per multiply-add. The
// precision picks the peak: TF32 and mixed use the tensor path where the
// part has a faster one, and the FP32 path and its efficiency otherwise;
// a CPU runs everything at its FP32 rate and cpu_efficiency. Limits: one
// efficiency per arithmetic path for every network, so a network with
// unusually small or odd layers is over-estimated; launch overhead is one
// constant, not a count of kernels, and overlaps the GPU's work entirely
// (the host queues kernels ahead), so it binds only a step shorter than
// itself: a small model, small images, a small batch.
//
// # Scaling (EstimateScale, Sweep)
//
// Synchronous data parallelism: each step every GPU computes its batch, then
// the gradients are all-reduced, inside a system by a ring over its GPU link
// and between systems by a ring over all of each system's ports
// (hierarchical). A ring moves 2(n-1)/n of the gradients per member; on a
// Shared link (PCIe through the host) the members' traffic queues on one
// path, 2(n-1) gradients in all, so PCIe servers stop gaining after a few
// GPUs for networks with many parameters per FLOP (AlexNet, the article's
// segmentation networks). Up to overlap x comm, never more than the backward
// pass, hides behind computation. The host's cores decode the input at
// host_input_bytes_per_core_s each, which caps a system's images/s: the
// article's warning that eight GPUs can saturate a server's CPUs. A loader
// with fewer processes than the calibration host's 1.6 per core
// (host_loader_processes_per_gpu) decodes as many cores' worth as its
// processes do; the default is the common setup's, torchvision's reference
// script with 16 per GPU (DefaultLoaderProcesses), which leaves a DGX A100's
// 128 cores 80 cores' work. Below the cap, InputExposed of that work still lands on every
// step (copies and contention the step cannot hide), which costs most where
// the step is short. Where the GPUs decode (host_decode_share 0, NVIDIA DALI)
// the host adds nothing. Limits: the exposed share is one constant, though
// it depends on the loader (TensorFlow's tf.data scales better than it
// allows); no topology inside a system (NVSwitch and a hybrid cube-mesh look
// alike), no stragglers, no network congestion, GPU decoding costs the GPUs
// nothing, and the host cap assumes ImageNet-style JPEG decoding.
//
// # Memory (EstimateMemory)
//
// Per GPU: weights, gradients and optimizer state (12 B per parameter for
// SGD with momentum, 16 B for Adam, mixed precision included, as in ZeRO),
// activations x batch (half under mixed precision), plus a workspace
// fraction. Activations per sample are counted as vDNN does (feature maps
// and their gradient maps): VGG-16's 98 MB comes from vDNN's 28 GB at batch
// 256; other networks scale it by their count of saved layer outputs (6.5 B
// per element); the CIFAR-sized ResNets divide by (224/32)^2. Block sparsity
// at density D keeps D of the parameter state and adds a 4-byte index per
// non-zero block (OpenAI block-sparse kernels). What does not fit is priced
// as streaming the overflow to the host and back every step (vDNN).
// Limits: no activation checkpointing, no framework caching allocator.
//
// # GPU versus CPU (CompareDevices)
//
// The same throughput model on both devices. A small network leaves the
// GPU waiting on its step overhead and memory while the CPU, far below its
// peak, stays compute-bound, so the GPU's lead grows with model size (seed
// 004: ~2x, >7x, 40.6x).
//
// # Transformer catalog (TransformerModels, TransformerRuns)
//
// TransformerModels lists published shapes: layers, width, heads and
// key/value heads, feed-forward size (gated or not), vocabulary, experts,
// DeepSeek's latent-attention ranks, and a vision model's patch and tubelet.
// Params counts parameters from the shape (embeddings, attention, feed-
// forward, every expert in total and the routed and shared ones in active;
// norms and biases left out), and a test holds each count within 3% of what
// its source states. TransformerRuns lists published training runs with the
// GPU, system, layout and what was published (MFU, model FLOP/s or tokens/s
// per GPU, GPU-hours), each with its paper and table; HeldOut runs are for
// judging the transformer model, not fitting it. System.NVLinkGPUs is the
// NVLink domain tensor parallelism may span: 72 GPUs in a GB200 NVL72 rack,
// the system's GPUs elsewhere.
//
// # Calibration (Measurements, Calibrate, Fit)
//
// Measurements lists the published figures: the article's Pascal
// throughputs, NVIDIA's ResNet-50 numbers for V100 and A100 (PyTorch,
// TensorFlow and MXNet tables: images/s, speed-ups, 90-epoch times to train),
// three MLPerf Training ResNet-50 times to train (DGX A100, DGX H100, 64
// H100) with the epochs their logs record, Goyal et al.'s 256-GPU efficiency, vDNN's VGG-16 memory and the RTX 3050
// vs CPU study's speed-ups and rates. HeldOut points were not used to
// choose DefaultFactors. Calibrate sets the
// model beside each; Fit refits the throughput factors to a user's own
// images/s points by deterministic coordinate descent on log error.
package hardware
