package api

import (
	"strconv"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/page"
)

// Lang is a request's lang checked: "en" for en or none, "ja" for ja, else
// an error naming the field.
func Lang(l string) (estimator.Lang, error) {
	switch l {
	case "", "en":
		return estimator.English, nil
	case "ja":
		return estimator.Japanese, nil
	}
	return "", &estimator.FieldError{Path: "lang", Rule: estimator.Text{EN: "must be en or ja", JA: "en か ja にしてください"}, Got: strconv.Quote(l)}
}

func messagesFor(data []byte) (any, error) {
	var req struct {
		Lang string `json:"lang"`
	}
	if err := DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	lang, err := Lang(req.Lang)
	if err != nil {
		return nil, err
	}
	return page.Messages(lang), nil
}
