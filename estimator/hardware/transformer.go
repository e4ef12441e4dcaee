package hardware

// Transformer training: the catalog's shapes, the job a planner describes and
// the plan the model answers with. The formulas live in transformer_model.go;
// the published shapes in transformer_catalog.go; the published runs the model
// is calibrated against in transformer_runs.go.

// Precisions of transformer training, beside FP32, TF32 and Mixed: the
// matrix multiplies run at the GPU's dense peak for the precision, with
// BF16 master weights and optimizer state as mixed-precision training keeps
// them (Micikevicius et al. 2018; FP8 as DeepSeek-V3 and Transformer Engine).
const (
	BF16 Precision = "bf16"
	FP8  Precision = "fp8" // Hopper and later
	FP4  Precision = "fp4" // Blackwell and later
)

// TransformerModel is a transformer's published shape. A dense model leaves
// the expert fields at zero.
type TransformerModel struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Family is the line of models it belongs to ("Llama", "Qwen"), by
	// which a picker groups the catalog.
	Family string `json:"family"`
	// Modality is "text", "image" or "video": what one token is.
	Modality string `json:"modality"`
	Layers   int    `json:"layers"`
	Hidden   int    `json:"hidden"`   // d_model
	Heads    int    `json:"heads"`    // attention heads
	KVHeads  int    `json:"kv_heads"` // key/value heads (grouped-query attention); = Heads without GQA
	FFN      int    `json:"ffn"`      // feed-forward hidden size of a dense layer
	// GatedFFN is a SwiGLU/GeGLU feed-forward block: three matrices, not two.
	GatedFFN bool `json:"gated_ffn"`
	Vocab    int  `json:"vocab"` // 0 for vision models (no embedding table, a patch projection instead)
	Seq      int  `json:"seq"`   // the sequence length it was trained at
	// TiedEmbeddings shares the input embedding with the output layer (GPT-3);
	// otherwise the output layer is a second Vocab x Hidden matrix (Llama).
	TiedEmbeddings bool `json:"tied_embeddings,omitempty"`
	// HeadDim is the width of one query/key/value head; 0 means Hidden/Heads.
	HeadDim int `json:"head_dim,omitempty"`
	// Multi-head latent attention (DeepSeek-V2/V3): queries and keys/values
	// pass through low-rank projections of QRank and KVRank, and each query
	// and key head carries RopeDim more dimensions for the rotary position.
	// 0: plain (grouped-query) attention.
	QRank   int `json:"q_rank,omitempty"`
	KVRank  int `json:"kv_rank,omitempty"`
	RopeDim int `json:"rope_dim,omitempty"`
	// Mixture of experts: Experts routed experts per MoE layer, of which
	// ExpertsPerToken are active per token, plus SharedExperts always active;
	// each expert's feed-forward size is ExpertFFN. DenseLayers of the Layers
	// keep a dense feed-forward block (DeepSeek-V3's first three).
	Experts         int `json:"experts,omitempty"`
	ExpertsPerToken int `json:"experts_per_token,omitempty"`
	SharedExperts   int `json:"shared_experts,omitempty"`
	ExpertFFN       int `json:"expert_ffn,omitempty"`
	DenseLayers     int `json:"dense_layers,omitempty"`
	// Vision models: the patch size in pixels and, for video, the frames one
	// tubelet spans (tokens per frame = (width/Patch) x (height/Patch) / Tubelet).
	Patch   int `json:"patch,omitempty"`
	Tubelet int `json:"tubelet,omitempty"`
	// PublishedParams and PublishedActive are the parameter counts the source
	// states (total and active per token), which the shape must reproduce.
	PublishedParams float64 `json:"published_params"`
	PublishedActive float64 `json:"published_active_params"`
	Source          string  `json:"source"`
	AsOf            string  `json:"as_of"`
}

// MoE reports whether the model routes tokens to experts.
func (m TransformerModel) MoE() bool { return m.Experts > 0 }

// Recompute is how much of the forward pass training recomputes in the
// backward pass instead of keeping its activations (Korthikanti et al. 2022).
type Recompute string

const (
	RecomputeNone      Recompute = "none"
	RecomputeSelective Recompute = "selective" // attention's softmax and dropout only: drops the 5as/h term
	RecomputeFull      Recompute = "full"      // every layer's input kept, one extra forward pass
)

// Layout is how a job's GPUs split the model and the data: tensor parallel
// (TP, inside one NVLink domain), pipeline parallel (PP stages), data parallel
// (DP replicas), interleaved pipeline chunks, expert parallel (EP, MoE only, inside DP), micro-batches of
// MicroBatch sequences, recomputation and the ZeRO stage (0-3) of the data-
// parallel optimizer state. TP x PP x DP = GPUs.
type Layout struct {
	TP         int       `json:"tp"`
	PP         int       `json:"pp"`
	DP         int       `json:"dp"`
	EP         int       `json:"ep"`
	MicroBatch int       `json:"micro_batch"`
	Recompute  Recompute `json:"recompute"`
	ZeRO       int       `json:"zero"`
	// Interleave is the model chunks each pipeline stage holds (Narayanan
	// et al. 2021's interleaved schedule), which divides the bubble; 0 is 1.
	Interleave int `json:"interleave"`
	// CP is context parallelism: each sequence split over CP GPUs, which
	// exchange keys and values (Llama 3's long-context stage); 0 is 1.
	// TP x CP x PP x DP = GPUs.
	CP int `json:"cp"`
}

// TransformerJob is one training run a planner describes.
type TransformerJob struct {
	Model     TransformerModel
	GPU       GPU
	System    System // its GPUs per node (the NVLink domain unless NVLinkDomain says more)
	IntraLink Network
	Fabric    Network // the scale-out network, per port of System
	GPUs      int
	Tokens    float64 // training tokens
	Seq       int     // 0: the model's
	Precision Precision
	// GlobalBatchTokens is the tokens per optimizer step; 0: a default the
	// model chooses and reports.
	GlobalBatchTokens float64
	// MFU, when set, replaces the modelled utilisation.
	MFU *float64
	// Layout, when set, is evaluated instead of searched for; one without
	// a Recompute fixes only its TP, PP and MicroBatch (where not 0) and the
	// search picks the rest.
	Layout *Layout
	// Tuning is what the run trains; zero: pre-training.
	Tuning Tuning
}

// TransformerMemory is one GPU's training memory, bytes.
type TransformerMemory struct {
	Weights     float64 `json:"weights"`
	Gradients   float64 `json:"gradients"`
	Optimizer   float64 `json:"optimizer"`
	Activations float64 `json:"activations"`
	Workspace   float64 `json:"workspace"`
	Total       float64 `json:"total"`
	Capacity    float64 `json:"capacity"`
}

// TransformerPlan is the model's answer for a job: the layout it chose (or was
// given), FLOPs, memory, the step's time and its parts, utilisation, and the
// run's GPU-hours and wall time with and without failures.
type TransformerPlan struct {
	Layout Layout `json:"layout"`
	// ModelFLOPsPerToken counts what MFU counts: 6 x active parameters plus
	// attention, without recomputation (Narayanan et al. 2021, eq. 3).
	ModelFLOPsPerToken float64 `json:"model_flops_per_token"`
	// HardwareFLOPsPerToken adds recomputation's extra forward work.
	HardwareFLOPsPerToken float64           `json:"hardware_flops_per_token"`
	TotalFLOPs            float64           `json:"total_flops"` // model FLOPs x tokens
	Memory                TransformerMemory `json:"memory"`
	Fits                  bool              `json:"fits"`
	GlobalBatchTokens     float64           `json:"global_batch_tokens"`
	StepTime              float64           `json:"step_time_s"`
	ComputeTime           float64           `json:"compute_time_s"`  // per step, matrix multiplies and the rest at the achieved rate
	CommExposed           float64           `json:"comm_exposed_s"`  // per step, communication that does not overlap
	Bubble                float64           `json:"bubble_fraction"` // (p-1)/(m+p-1)
	MFU                   float64           `json:"mfu"`             // model FLOP/s per GPU / dense peak
	TokensPerSecond       float64           `json:"tokens_per_s"`    // the whole job
	GPUHours              float64           `json:"gpu_hours"`       // failure-free
	WallTime              float64           `json:"wall_time_s"`     // failure-free
}
