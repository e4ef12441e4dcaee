package hardware

// The grid table: carbon intensity by country and by the cloud regions of
// the providers the price catalog rents from (AWS, Azure). Lambda and
// Hyperstack offers name no region, so a plan renting them keeps the
// scenario's grid. Every figure is location-based: the grid's average, not
// what a provider's renewable purchases claim.

// Countries: the annual average carbon intensity of electricity
// generation, lifecycle CO2-equivalent, as Our World in Data publishes it
// (from Ember and the Energy Institute's Statistical Review), in CodeCarbon's
// compilation of that data.
const (
	owidSource = "Our World in Data, carbon intensity of electricity generation (Ember; Energy Institute Statistical Review of World Energy), "
	owid2023   = owidSource + "2023 average, as compiled in mlco2/codecarbon codecarbon/data/private_infra/global_energy_mix.json"
	owid2022   = owidSource + "2022 average (the latest published), as compiled in mlco2/codecarbon codecarbon/data/private_infra/global_energy_mix.json"
	owidAsOf   = "2024-11-15"
)

// Cloud regions: the ML CO2 Impact calculator's region table (Lacoste et
// al., Quantifying the Carbon Emissions of Machine Learning, 2019), whose
// rows each cite the grid figure they use. Azure's westcentralus is left
// out: the calculator itself is unsure which grid powers it.
const (
	calculatorSource = "ML CO2 Impact calculator region table (mlco2/impact data/impact.csv), citing "
	calculatorAsOf   = "2024-11-09"
)

// Providers' fleet-wide PUE, as each reports it.
const (
	awsPUE         = 1.15
	awsPUESource   = "AWS, Sustainable infrastructure: \"In 2024, AWS data centers reported a global PUE of 1.15\" (aws.amazon.com/sustainability/data-centers)"
	azurePUE       = 1.18
	azurePUESource = "Microsoft's global data-centre average PUE of 1.18 (newest facilities 1.12), as reported by DatacenterDynamics, AWS global data centers achieved PUE of 1.15 in 2023 (December 2024)"
)

var grids = []Grid{
	{ID: "au", Name: "Australia", NameJA: "オーストラリア", Country: "au", KgCO2PerKWh: 0.548692, Source: owid2023, AsOf: owidAsOf},
	{ID: "be", Name: "Belgium", NameJA: "ベルギー", Country: "be", KgCO2PerKWh: 0.138107, Source: owid2023, AsOf: owidAsOf},
	{ID: "br", Name: "Brazil", NameJA: "ブラジル", Country: "br", KgCO2PerKWh: 0.098348, Source: owid2023, AsOf: owidAsOf},
	{ID: "ca", Name: "Canada", NameJA: "カナダ", Country: "ca", KgCO2PerKWh: 0.170043, Source: owid2023, AsOf: owidAsOf},
	{ID: "ch", Name: "Switzerland", NameJA: "スイス", Country: "ch", KgCO2PerKWh: 0.034843, Source: owid2023, AsOf: owidAsOf},
	{ID: "cn", Name: "China", NameJA: "中国", Country: "cn", KgCO2PerKWh: 0.582317, Source: owid2023, AsOf: owidAsOf},
	{ID: "de", Name: "Germany", NameJA: "ドイツ", Country: "de", KgCO2PerKWh: 0.38095, Source: owid2023, AsOf: owidAsOf},
	{ID: "es", Name: "Spain", NameJA: "スペイン", Country: "es", KgCO2PerKWh: 0.17405, Source: owid2023, AsOf: owidAsOf},
	{ID: "fi", Name: "Finland", NameJA: "フィンランド", Country: "fi", KgCO2PerKWh: 0.079158, Source: owid2023, AsOf: owidAsOf},
	{ID: "fr", Name: "France", NameJA: "フランス", Country: "fr", KgCO2PerKWh: 0.056039, Source: owid2023, AsOf: owidAsOf},
	{ID: "gb", Name: "United Kingdom", NameJA: "英国", Country: "gb", KgCO2PerKWh: 0.237589, Source: owid2023, AsOf: owidAsOf},
	{ID: "hk", Name: "Hong Kong", NameJA: "香港", Country: "hk", KgCO2PerKWh: 0.699499, Source: owid2022, AsOf: owidAsOf},
	{ID: "ie", Name: "Ireland", NameJA: "アイルランド", Country: "ie", KgCO2PerKWh: 0.290805, Source: owid2023, AsOf: owidAsOf},
	{ID: "in", Name: "India", NameJA: "インド", Country: "in", KgCO2PerKWh: 0.713441, Source: owid2023, AsOf: owidAsOf},
	{ID: "it", Name: "Italy", NameJA: "イタリア", Country: "it", KgCO2PerKWh: 0.330718, Source: owid2023, AsOf: owidAsOf},
	{ID: "jp", Name: "Japan", NameJA: "日本", Country: "jp", KgCO2PerKWh: 0.485392, Source: owid2023, AsOf: owidAsOf},
	{ID: "kr", Name: "South Korea", NameJA: "韓国", Country: "kr", KgCO2PerKWh: 0.430567, Source: owid2023, AsOf: owidAsOf},
	{ID: "nl", Name: "Netherlands", NameJA: "オランダ", Country: "nl", KgCO2PerKWh: 0.267622, Source: owid2023, AsOf: owidAsOf},
	{ID: "no", Name: "Norway", NameJA: "ノルウェー", Country: "no", KgCO2PerKWh: 0.03008, Source: owid2023, AsOf: owidAsOf},
	{ID: "se", Name: "Sweden", NameJA: "スウェーデン", Country: "se", KgCO2PerKWh: 0.040695, Source: owid2023, AsOf: owidAsOf},
	{ID: "sg", Name: "Singapore", NameJA: "シンガポール", Country: "sg", KgCO2PerKWh: 0.470783, Source: owid2023, AsOf: owidAsOf},
	{ID: "tw", Name: "Taiwan", NameJA: "台湾", Country: "tw", KgCO2PerKWh: 0.642378, Source: owid2023, AsOf: owidAsOf},
	{ID: "us", Name: "United States", NameJA: "米国", Country: "us", KgCO2PerKWh: 0.369473, Source: owid2023, AsOf: owidAsOf},
	{ID: "za", Name: "South Africa", NameJA: "南アフリカ", Country: "za", KgCO2PerKWh: 0.707686, Source: owid2023, AsOf: owidAsOf},
	{ID: "aws-us-east-2", Name: "US East (Ohio)", Provider: "aws", Region: "us-east-2", Country: "us", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.5682,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "aws-us-east-1", Name: "US East (N. Virginia)", Provider: "aws", Region: "us-east-1", Country: "us", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.3678,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "aws-us-west-1", Name: "US West (N. California)", Provider: "aws", Region: "us-west-1", Country: "us", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.2406,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "aws-us-west-2", Name: "US West (Oregon)", Provider: "aws", Region: "us-west-2", Country: "us", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.2976,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "aws-ap-east-1", Name: "Asia Pacific (Hong Kong)", Provider: "aws", Region: "ap-east-1", Country: "hk", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.702,
		Source: calculatorSource + "Journal of Cleaner Production (2017), sciencedirect.com/science/article/pii/S095965261731627X", AsOf: calculatorAsOf},
	{ID: "aws-ap-south-1", Name: "Asia Pacific (Mumbai)", Provider: "aws", Region: "ap-south-1", Country: "in", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.92,
		Source: calculatorSource + "India Central Electricity Authority, CO2 baseline database user guide v13", AsOf: calculatorAsOf},
	{ID: "aws-ap-northeast-3", Name: "Asia Pacific (Osaka-Local)", Provider: "aws", Region: "ap-northeast-3", Country: "jp", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.516,
		Source: calculatorSource + "Federation of Electric Power Companies of Japan, electricity pamphlet", AsOf: calculatorAsOf},
	{ID: "aws-ap-northeast-2", Name: "Asia Pacific (Seoul)", Provider: "aws", Region: "ap-northeast-2", Country: "kr", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.517,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
	{ID: "aws-ap-southeast-1", Name: "Asia Pacific (Singapore)", Provider: "aws", Region: "ap-southeast-1", Country: "sg", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.419,
		Source: calculatorSource + "Energy Market Authority, Singapore Energy Statistics 2018", AsOf: calculatorAsOf},
	{ID: "aws-ap-southeast-2", Name: "Asia Pacific (Sydney)", Provider: "aws", Region: "ap-southeast-2", Country: "au", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.802,
		Source: calculatorSource + "Clean Energy Regulator (Australia), electricity sector emissions and generation data 2016-17", AsOf: calculatorAsOf},
	{ID: "aws-ap-northeast-1", Name: "Asia Pacific (Tokyo)", Provider: "aws", Region: "ap-northeast-1", Country: "jp", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.516,
		Source: calculatorSource + "Federation of Electric Power Companies of Japan, electricity pamphlet", AsOf: calculatorAsOf},
	{ID: "aws-ca-central-1", Name: "Canada (Central)", Provider: "aws", Region: "ca-central-1", Country: "ca", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.02,
		Source: calculatorSource + "Hydro-Québec", AsOf: calculatorAsOf},
	{ID: "aws-cn-north-1", Name: "China (Beijing)", Provider: "aws", Region: "cn-north-1", Country: "cn", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.68,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
	{ID: "aws-cn-northwest-1", Name: "China (Ningxia)", Provider: "aws", Region: "cn-northwest-1", Country: "cn", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.68,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
	{ID: "aws-eu-central-1", Name: "EU (Frankfurt)", Provider: "aws", Region: "eu-central-1", Country: "de", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.615,
		Source: calculatorSource + "electricitymap.org, measured 2019-07-02 8-9 PM EST", AsOf: calculatorAsOf},
	{ID: "aws-eu-west-1", Name: "EU (Ireland)", Provider: "aws", Region: "eu-west-1", Country: "ie", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.617,
		Source: calculatorSource + "Transportation Research Part D (2017), sciencedirect.com/science/article/pii/S1361920916307933", AsOf: calculatorAsOf},
	{ID: "aws-eu-west-2", Name: "EU (London)", Provider: "aws", Region: "eu-west-2", Country: "gb", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.623,
		Source: calculatorSource + "Transportation Research Part D (2017), sciencedirect.com/science/article/pii/S1361920916307933", AsOf: calculatorAsOf},
	{ID: "aws-eu-west-3", Name: "EU (Paris)", Provider: "aws", Region: "eu-west-3", Country: "fr", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.105,
		Source: calculatorSource + "Transportation Research Part D (2017), sciencedirect.com/science/article/pii/S1361920916307933", AsOf: calculatorAsOf},
	{ID: "aws-eu-north-1", Name: "EU (Stockholm)", Provider: "aws", Region: "eu-north-1", Country: "se", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.047,
		Source: calculatorSource + "Transportation Research Part D (2017), sciencedirect.com/science/article/pii/S1361920916307933", AsOf: calculatorAsOf},
	{ID: "aws-sa-east-1", Name: "South America (São Paulo)", Provider: "aws", Region: "sa-east-1", Country: "br", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.205,
		Source: calculatorSource + "pdfs.semanticscholar.org/bd2a/69da81529a0f8dd16573dfd38e9d7468637e.pdf", AsOf: calculatorAsOf},
	{ID: "aws-us-gov-east-1", Name: "AWS GovCloud (US-East)", Provider: "aws", Region: "us-gov-east-1", Country: "us", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.5682,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "aws-us-gov-west-1", Name: "AWS GovCloud (US)", Provider: "aws", Region: "us-gov-west-1", Country: "us", PUE: awsPUE, PUESource: awsPUESource, KgCO2PerKWh: 0.2976,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "azure-eastasia", Name: "East Asia", Provider: "azure", Region: "eastasia", Country: "hk", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.702,
		Source: calculatorSource + "Journal of Cleaner Production (2017), sciencedirect.com/science/article/pii/S095965261731627X", AsOf: calculatorAsOf},
	{ID: "azure-southeastasia", Name: "Southeast Asia", Provider: "azure", Region: "southeastasia", Country: "sg", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.419,
		Source: calculatorSource + "Energy Market Authority, Singapore Energy Statistics 2018", AsOf: calculatorAsOf},
	{ID: "azure-centralus", Name: "Central US", Provider: "azure", Region: "centralus", Country: "us", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.7366,
		Source: calculatorSource + "US EPA eGRID (SRMW subregion)", AsOf: calculatorAsOf},
	{ID: "azure-eastus", Name: "East US", Provider: "azure", Region: "eastus", Country: "us", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.3678,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "azure-eastus2", Name: "East US 2", Provider: "azure", Region: "eastus2", Country: "us", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.3678,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "azure-westus", Name: "West US", Provider: "azure", Region: "westus", Country: "us", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.2406,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "azure-northcentralus", Name: "North Central US", Provider: "azure", Region: "northcentralus", Country: "us", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.5682,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "azure-southcentralus", Name: "South Central US", Provider: "azure", Region: "southcentralus", Country: "us", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.4604,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "azure-northeurope", Name: "North Europe", Provider: "azure", Region: "northeurope", Country: "ie", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.617,
		Source: calculatorSource + "Transportation Research Part D (2017), sciencedirect.com/science/article/pii/S1361920916307933", AsOf: calculatorAsOf},
	{ID: "azure-westeurope", Name: "West Europe", Provider: "azure", Region: "westeurope", Country: "nl", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.569,
		Source: calculatorSource + "Transportation Research Part D (2017), sciencedirect.com/science/article/pii/S1361920916307933", AsOf: calculatorAsOf},
	{ID: "azure-japanwest", Name: "Japan West", Provider: "azure", Region: "japanwest", Country: "jp", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.516,
		Source: calculatorSource + "Federation of Electric Power Companies of Japan, electricity pamphlet", AsOf: calculatorAsOf},
	{ID: "azure-japaneast", Name: "Japan East", Provider: "azure", Region: "japaneast", Country: "jp", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.516,
		Source: calculatorSource + "Federation of Electric Power Companies of Japan, electricity pamphlet", AsOf: calculatorAsOf},
	{ID: "azure-brazilsouth", Name: "Brazil South", Provider: "azure", Region: "brazilsouth", Country: "br", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.205,
		Source: calculatorSource + "pdfs.semanticscholar.org/bd2a/69da81529a0f8dd16573dfd38e9d7468637e.pdf", AsOf: calculatorAsOf},
	{ID: "azure-australiaeast", Name: "Australia East", Provider: "azure", Region: "australiaeast", Country: "au", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.802,
		Source: calculatorSource + "Clean Energy Regulator (Australia), electricity sector emissions and generation data 2016-17", AsOf: calculatorAsOf},
	{ID: "azure-australiasoutheast", Name: "Australia Southeast", Provider: "azure", Region: "australiasoutheast", Country: "au", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.805,
		Source: calculatorSource + "Clean Energy Regulator (Australia), electricity sector emissions and generation data 2016-17", AsOf: calculatorAsOf},
	{ID: "azure-southindia", Name: "South India", Provider: "azure", Region: "southindia", Country: "in", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.92,
		Source: calculatorSource + "India Central Electricity Authority, CO2 baseline database user guide v13", AsOf: calculatorAsOf},
	{ID: "azure-centralindia", Name: "Central India", Provider: "azure", Region: "centralindia", Country: "in", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.92,
		Source: calculatorSource + "India Central Electricity Authority, CO2 baseline database user guide v13", AsOf: calculatorAsOf},
	{ID: "azure-westindia", Name: "West India", Provider: "azure", Region: "westindia", Country: "in", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.92,
		Source: calculatorSource + "India Central Electricity Authority, CO2 baseline database user guide v13", AsOf: calculatorAsOf},
	{ID: "azure-canadacentral", Name: "Canada Central", Provider: "azure", Region: "canadacentral", Country: "ca", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.0693,
		Source: calculatorSource + "Ontario IESO generation data", AsOf: calculatorAsOf},
	{ID: "azure-canadaeast", Name: "Canada East", Provider: "azure", Region: "canadaeast", Country: "ca", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.02,
		Source: calculatorSource + "Hydro-Québec", AsOf: calculatorAsOf},
	{ID: "azure-uksouth", Name: "UK South", Provider: "azure", Region: "uksouth", Country: "gb", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.623,
		Source: calculatorSource + "Transportation Research Part D (2017), sciencedirect.com/science/article/pii/S1361920916307933", AsOf: calculatorAsOf},
	{ID: "azure-ukwest", Name: "UK West", Provider: "azure", Region: "ukwest", Country: "gb", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.623,
		Source: calculatorSource + "Transportation Research Part D (2017), sciencedirect.com/science/article/pii/S1361920916307933", AsOf: calculatorAsOf},
	{ID: "azure-westus2", Name: "West US 2", Provider: "azure", Region: "westus2", Country: "us", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.2976,
		Source: calculatorSource + "US EPA eGRID", AsOf: calculatorAsOf},
	{ID: "azure-koreacentral", Name: "Korea Central", Provider: "azure", Region: "koreacentral", Country: "kr", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.517,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
	{ID: "azure-koreasouth", Name: "Korea South", Provider: "azure", Region: "koreasouth", Country: "kr", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.517,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
	{ID: "azure-francecentral", Name: "France Central", Provider: "azure", Region: "francecentral", Country: "fr", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.105,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
	{ID: "azure-francesouth", Name: "France South", Provider: "azure", Region: "francesouth", Country: "fr", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.105,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
	{ID: "azure-australiacentral", Name: "Australia Central", Provider: "azure", Region: "australiacentral", Country: "au", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.9,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
	{ID: "azure-australiacentral2", Name: "Australia Central 2", Provider: "azure", Region: "australiacentral2", Country: "au", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 0.9,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
	{ID: "azure-southafricanorth", Name: "South Africa North", Provider: "azure", Region: "southafricanorth", Country: "za", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 1.009,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
	{ID: "azure-southafricawest", Name: "South Africa West", Provider: "azure", Region: "southafricawest", Country: "za", PUE: azurePUE, PUESource: azurePUESource, KgCO2PerKWh: 1.009,
		Source: calculatorSource + "carbonfootprint.com, electricity factors (August 2018)", AsOf: calculatorAsOf},
}
