package page

import "github.com/trainscale/trainscale/estimator"

// Render is the HTML of one part of the page, "form", "results" or
// "ranges", for est in lang (api.Render): the tools module answers an
// estimate's render list with it, so the estimator module the page loads
// first links none of the renderers and answers values only.
func Render(part string, est *estimator.Estimate, lang estimator.Lang) string {
	switch part {
	case "form":
		return Form(est.Scenario, lang)
	case "results":
		return Results(est, lang)
	case "ranges":
		return Ranges(est.Scenario, lang)
	}
	return "" // api.API checks the part before it asks
}
