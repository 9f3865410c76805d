package cli

import (
	"strconv"
	"time"

	"hrdesk/store"
)

// The export's columns for analytics (issue 30 §4; docs/JSON.md says what
// each means): the response, where it came from, the recruiter, the first
// action.

// eventNames are section 6's event types as the export names them: words
// a script compares, the same in every language.
var eventNames = map[int]string{
	10: "applicant", 20: "copied_to_me", 30: "subscription", 40: "found", 50: "copied",
	60: "invited", 70: "considered", 80: "refused", 90: "letter", 100: "emailed", 110: "moved", 120: "given",
}

// eventName is type's name, "other" for a type section 6 does not list.
func eventName(typ int) string {
	if n, ok := eventNames[typ]; ok {
		return n
	}
	return "other"
}

// sourceOf is where a response came from, by its arrival event's type:
// sent by the applicant, by subscription, found by the recruiter, or from a
// colleague (copied either way); "" without one.
func sourceOf(arrival int) string {
	switch arrival {
	case 10:
		return "applicant"
	case 30:
		return "subscription"
	case 40:
		return "found"
	case 20, 50:
		return "colleague"
	}
	return ""
}

// analyticsFields are the JSON export's columns for analytics; null where
// the cache knows nothing.
type analyticsFields struct {
	ResponseDate  *time.Time `json:"response_date"`
	VacancyTitle  string     `json:"vacancy_title"`
	Source        *string    `json:"source"`
	RecruiterID   *int64     `json:"recruiter_id"`
	FirstAction   *string    `json:"first_action"`
	FirstActionAt *time.Time `json:"first_action_at"`
}

// toAnalytics is a resume's Analytics as the export writes them.
func toAnalytics(an store.Analytics) analyticsFields {
	f := analyticsFields{VacancyTitle: an.VacancyTitle}
	if !an.ArrivedAt.IsZero() {
		at := an.ArrivedAt.UTC()
		f.ResponseDate = &at
	}
	if s := sourceOf(an.ArrivalType); s != "" {
		f.Source = &s
	}
	if an.OwnerID != 0 {
		id := an.OwnerID
		f.RecruiterID = &id
	}
	if !an.ActedAt.IsZero() && an.ActionType != 0 {
		name, at := eventName(an.ActionType), an.ActedAt.UTC()
		f.FirstAction, f.FirstActionAt = &name, &at
	}
	return f
}

// analyticsHeader is the CSV's columns for analytics, after the list's.
var analyticsHeader = []string{"response_date", "vacancy_title", "source", "recruiter_id", "first_action", "first_action_at"}

// cells are f as CSV cells: "" for null; the title is text from the service, defused.
func (f analyticsFields) cells() []string {
	at := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.Format(time.RFC3339)
	}
	word := func(s *string) string {
		if s == nil {
			return ""
		}
		return *s
	}
	id := ""
	if f.RecruiterID != nil {
		id = strconv.FormatInt(*f.RecruiterID, 10)
	}
	return []string{at(f.ResponseDate), csvText(f.VacancyTitle), word(f.Source), id, word(f.FirstAction), at(f.FirstActionAt)}
}

// export's flags for analytics.
const (
	exportEventsUsage   = "one row per event (resume, vacancy, type, time, folder after) instead of one per resume"
	exportContactsUsage = "with --events: add the applicant's name and the event's text (personal data)"
)
