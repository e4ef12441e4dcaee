package hardware

// The cloud price catalog: published prices only, each with where it was
// read and when. Hyperscalers quote per instance-hour, so their figures are
// written as the instance's price over its GPUs. A user's prices file
// (estimator.DecodePrices) adds entries or replaces these by provider and
// instance.
var cloudOffers = []CloudOffer{
	// AWS cut P5 (H100) on-demand prices by up to 45% in June 2025, P4d/P4de
	// (A100) by up to 33%; these are the prices after the cut.
	{Provider: "aws", Instance: "p5.48xlarge", GPU: "h100-sxm", GPUs: 8, System: "dgx-h100", Region: "us-east-1",
		OnDemand: 55.04 / 8,
		Source:   "AWS EC2 on-demand price list, us-east-1, as collected by datareceipts/data-receipts 109-gpu-pricing/hyperscalers.json (retrieved 2026-11-09); the price after AWS's June 2025 cut of up to 45% on P5 (usage.ai, LLM Cost Optimization on AWS, 2026)",
		AsOf:     "2026-11-09"},
	{Provider: "aws", Instance: "p4d.24xlarge", GPU: "a100-sxm4-40gb", GPUs: 8, System: "dgx-a100", Region: "us-east-1",
		OnDemand: 21.957642 / 8,
		Source:   "AWS EC2 on-demand price list, us-east-1, as collected by datareceipts/data-receipts 109-gpu-pricing/hyperscalers.json (retrieved 2026-11-09)",
		AsOf:     "2026-11-09"},
	{Provider: "aws", Instance: "p4de.24xlarge", GPU: "a100-sxm4-80gb", GPUs: 8, System: "dgx-a100-640gb", Region: "us-east-1",
		OnDemand: 27.44705 / 8,
		Source:   "AWS EC2 on-demand price list, us-east-1, as collected by datareceipts/data-receipts 109-gpu-pricing/hyperscalers.json (retrieved 2026-11-09)",
		AsOf:     "2026-11-09"},
	{Provider: "aws", Instance: "p5en.48xlarge", GPU: "h200-sxm", GPUs: 8, System: "dgx-h200", Region: "us-east-1",
		OnDemand: 63.296 / 8, Spot: 27.1988 / 8,
		Source: "dstack pull request #4110, Add AWS p5en.48xlarge (github.com/dstackai/dstack/pull/4110): `dstack offer -b aws` on-demand and spot prices, us-east-1",
		AsOf:   "2026-08-06"},
	{Provider: "azure", Instance: "Standard_ND96isr_H100_v5", GPU: "h100-sxm", GPUs: 8, System: "dgx-h100", Region: "eastus",
		OnDemand: 98.32 / 8,
		Source:   "Azure retail prices, East US, as collected by datareceipts/data-receipts 109-gpu-pricing (What an H100 actually costs per hour, retrieved 2026-11-09)",
		AsOf:     "2026-11-09"},
	{Provider: "azure", Instance: "Standard_ND96asr_A100_v4", GPU: "a100-sxm4-40gb", GPUs: 8, System: "dgx-a100", Region: "eastus",
		OnDemand: 3.3996,
		Source:   "Azure retail prices, East US, as collected by datareceipts/data-receipts 109-gpu-pricing/compare.json (retrieved 2026-11-09)",
		AsOf:     "2026-11-09"},
	// Per-GPU rates from the providers' own pages, for their 8-GPU SXM
	// instances.
	{Provider: "hyperstack", Instance: "8x B200", GPU: "b200", GPUs: 8, System: "dgx-b200",
		OnDemand: 6.00,
		Source:   "Hyperstack GPU pricing (hyperstack.cloud/gpu-pricing), on-demand rate card as transcribed by api-evangelist/nexgen-cloud plans/nexgen-cloud-plans-pricing.yml",
		AsOf:     "2026-08-26"},
	{Provider: "hyperstack", Instance: "8x H100 SXM", GPU: "h100-sxm", GPUs: 8, System: "dgx-h100",
		OnDemand: 3.20,
		Source:   "Hyperstack GPU pricing (hyperstack.cloud/gpu-pricing), on-demand rate card as transcribed by api-evangelist/nexgen-cloud plans/nexgen-cloud-plans-pricing.yml",
		AsOf:     "2026-08-26"},
	{Provider: "hyperstack", Instance: "8x H200 SXM", GPU: "h200-sxm", GPUs: 8, System: "dgx-h200",
		OnDemand: 3.99,
		Source:   "Hyperstack GPU pricing (hyperstack.cloud/gpu-pricing), on-demand rate card as transcribed by api-evangelist/nexgen-cloud plans/nexgen-cloud-plans-pricing.yml",
		AsOf:     "2026-08-26"},
	{Provider: "lambda", Instance: "8x A100 SXM 40GB", GPU: "a100-sxm4-40gb", GPUs: 8, System: "dgx-a100",
		OnDemand: 1.99,
		Source:   "Lambda instances pricing (lambda.ai/instances), as transcribed by api-evangelist/lambda-labs plans/lambda-labs-plans-pricing.yml",
		AsOf:     "2026-09-20"},
	{Provider: "lambda", Instance: "8x A100 SXM 80GB", GPU: "a100-sxm4-80gb", GPUs: 8, System: "dgx-a100-640gb",
		OnDemand: 2.79,
		Source:   "Lambda instances pricing (lambda.ai/instances), as transcribed by api-evangelist/lambda-labs plans/lambda-labs-plans-pricing.yml",
		AsOf:     "2026-09-20"},
	{Provider: "lambda", Instance: "8x B200 SXM6", GPU: "b200", GPUs: 8, System: "dgx-b200",
		OnDemand: 6.69,
		Source:   "Lambda instances pricing (lambda.ai/instances), as transcribed by api-evangelist/lambda-labs plans/lambda-labs-plans-pricing.yml",
		AsOf:     "2026-09-20"},
	{Provider: "lambda", Instance: "8x H100 SXM", GPU: "h100-sxm", GPUs: 8, System: "dgx-h100",
		OnDemand: 3.99,
		Source:   "Lambda instances pricing (lambda.ai/instances), as transcribed by api-evangelist/lambda-labs plans/lambda-labs-plans-pricing.yml",
		AsOf:     "2026-09-20"},
}
