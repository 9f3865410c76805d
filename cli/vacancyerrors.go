package cli

import (
	"regexp"
	"strings"

	"hrdesk/session"
)

// batchIndex is the batch element's place in a field name the service
// gives back: `vacancies[0][payment_from]`, `vacancies.0.payment_from`.
var batchIndex = regexp.MustCompile(`^vacancies(?:\[\d+\]|\.\d+)`)

// elementField is a field name of a batch answer without the element's
// place in the batch. That place is the request's, not the file's: apply
// sends creates and updates apart, and a batch refused whole goes again
// one element at a time, each as vacancies[0]; so "element 2: failed …
// (vacancies[0][payment_from] …)" named the wrong one (issue 28 §5). The
// line already names the file's element.
func elementField(name string) string {
	rest := batchIndex.ReplaceAllString(name, "")
	if rest == name {
		return name
	}
	rest = strings.TrimPrefix(rest, ".")
	if strings.HasPrefix(rest, "[") {
		if end := strings.Index(rest, "]"); end > 0 {
			rest = rest[1:end] + rest[end+1:]
		}
	}
	if rest == "" {
		return "element"
	}
	return rest
}

// describeElementError words a batch element's refusal with its fields
// named within the element.
func describeElementError(e *session.APIError) string {
	if len(e.Fields) == 0 {
		return session.DescribeBatchError(e)
	}
	c := *e
	c.Fields = make(map[string][]string, len(e.Fields))
	for name, msgs := range e.Fields {
		f := elementField(name)
		c.Fields[f] = append(c.Fields[f], msgs...)
	}
	return session.DescribeBatchError(&c)
}
