package fakeapi

import (
	"fmt"
	"slices"
)

// selectionErrors checks a resume selection's fields as the service does
// (4.6): whole non-negative numbers where numbers go, known periods and
// keyword modes, lower bounds not above upper ones. It returns the 422
// errors by field, empty when the fields are acceptable.
func selectionErrors(f map[string]any) map[string][]string {
	errs := map[string][]string{}
	add := func(field, msg string) { errs[field] = append(errs[field], msg) }
	num := func(field string) (int64, bool) {
		v, present := f[field]
		if !present {
			return 0, false
		}
		n, ok := v.(int64)
		if !ok || n < 0 {
			add(field, "Должно быть неотрицательным целым числом")
			return 0, false
		}
		return n, true
	}
	for _, field := range []string{"payment_from", "payment_to", "age_from", "age_to", "experience_from",
		"experience_to", "type_of_work", "place_of_work", "education", "gender", "moveable"} {
		num(field)
	}
	if p, ok := num("period"); ok && !slices.Contains([]int64{0, 1, 3, 7, 14, 30, 60}, p) {
		add("period", "Допустимые значения: 0, 1, 3, 7, 14, 30, 60")
	}
	for _, pair := range [][2]string{{"payment_from", "payment_to"}, {"age_from", "age_to"}, {"experience_from", "experience_to"}} {
		lo, okLo := f[pair[0]].(int64)
		hi, okHi := f[pair[1]].(int64)
		if okLo && okHi && hi > 0 && lo > hi {
			add(pair[0], fmt.Sprintf("Не может быть больше, чем %s", pair[1]))
		}
	}
	if kws, ok := f["keywords"].([]any); ok {
		for i, k := range kws {
			kw, _ := k.(map[string]any)
			if s, present := kw["srws"]; present {
				switch s {
				case int64(2), int64(3), int64(6), int64(7), int64(8), int64(50), int64(60):
				default:
					add(fmt.Sprintf("keywords[%d][srws]", i), "Неизвестная область поиска")
				}
			}
			if s, present := kw["skwc"]; present {
				switch s {
				case "and", "or", "particular", "nein":
				default:
					add(fmt.Sprintf("keywords[%d][skwc]", i), "Неизвестный способ поиска")
				}
			}
		}
	}
	return errs
}

// fieldErrors is the `errors` list of a 422 answer.
func fieldErrors(errs map[string][]string) []any {
	out := make([]any, 0, len(errs))
	for field, msgs := range errs {
		out = append(out, map[string]any{field: msgs})
	}
	return out
}
