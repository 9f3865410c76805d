// Package criteria is what narrows the resume list beyond its folder and
// search text: the recruiter's filters (response date, salary, age, new
// only, stale, vacancy, education), their chips' words, and saved views.
// The words are config's (config.ParseResponded, ParseRange), so a chip,
// a saved view in config.toml and `hrdesk search` read alike.
package criteria

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/query"
	"hrdesk/store"
	"hrdesk/textsafe"
)

// Set is the filters of the list; the zero Set filters nothing.
type Set struct {
	Responded            config.Responded
	SalaryFrom, SalaryTo int64
	AgeFrom, AgeTo       int64
	OnlyNew, Stale       bool
	VacancyID            int64
	Education            int64
}

// Kind names one filter: a chip.
type Kind int

// The filters, in the order their chips are shown.
const (
	Responded Kind = iota
	Salary
	Age
	OnlyNew
	Stale
	Vacancy
	Education
)

// Has says whether filter k is set.
func (s Set) Has(k Kind) bool {
	switch k {
	case Responded:
		return !s.Responded.IsZero()
	case Salary:
		return s.SalaryFrom > 0 || s.SalaryTo > 0
	case Age:
		return s.AgeFrom > 0 || s.AgeTo > 0
	case OnlyNew:
		return s.OnlyNew
	case Stale:
		return s.Stale
	case Vacancy:
		return s.VacancyID != 0
	case Education:
		return s.Education != 0
	}
	return false
}

// Without is s with filter k removed.
func (s Set) Without(k Kind) Set {
	switch k {
	case Responded:
		s.Responded = config.Responded{}
	case Salary:
		s.SalaryFrom, s.SalaryTo = 0, 0
	case Age:
		s.AgeFrom, s.AgeTo = 0, 0
	case OnlyNew:
		s.OnlyNew = false
	case Stale:
		s.Stale = false
	case Vacancy:
		s.VacancyID = 0
	case Education:
		s.Education = 0
	}
	return s
}

// Kinds are the filters set, in chip order.
func (s Set) Kinds() []Kind {
	var out []Kind
	for k := Responded; k <= Education; k++ {
		if s.Has(k) {
			out = append(out, k)
		}
	}
	return out
}

// Apply narrows q by s; now and staleAfter date the period and staleness.
func (s Set) Apply(q *store.ListQuery, now time.Time, staleAfter time.Duration) {
	q.RespondedFrom, q.RespondedTo = s.Responded.Bounds(now)
	q.SalaryFrom, q.SalaryTo = s.SalaryFrom, s.SalaryTo
	q.AgeFrom, q.AgeTo = int(s.AgeFrom), int(s.AgeTo)
	q.OnlyNew, q.VacancyID, q.Education = s.OnlyNew, s.VacancyID, s.Education
	q.StaleBefore = time.Time{}
	if s.Stale {
		q.StaleBefore = StaleBefore(now, staleAfter)
	}
}

// StaleBefore is the instant before which a response's last event makes
// it stale.
func StaleBefore(now time.Time, staleAfter time.Duration) time.Time {
	if staleAfter <= 0 {
		staleAfter = config.DefaultStaleAfter
	}
	return now.Add(-staleAfter)
}

// IsStale says a row is a stale candidate: waiting in Considered or
// Invited, there by the server's account too (a move just made is the
// recruiter acting on it), with no event since before. It is the list's
// marker for store's stale filter, so both say the same.
func IsStale(r store.EntryRow, before time.Time) bool {
	return (r.Folder == store.FolderConsidered || r.Folder == store.FolderInvited) &&
		r.ServerFolder == r.Folder && r.LastEventAt.Before(before)
}

// Names gives chips the titles of what they name by id.
type Names struct {
	Vacancy   func(id int64) string // "" when unknown
	Education func(id int64) string
}

// Chip is one filter as shown above the list: Label in words, Short
// without the words its value says itself ("7 days" for "responded 7
// days", a vacancy's or education's title), for a line short of room.
type Chip struct {
	Kind         Kind
	Label, Short string
}

// Chips are the filters set, in words.
func (s Set) Chips(t *i18n.Text, now time.Time, names Names) []Chip {
	n := &t.Narrow
	var out []Chip
	for _, k := range s.Kinds() {
		var label, short string
		switch k {
		case Responded:
			short = Period(t, s.Responded, now)
			label = fmt.Sprintf(n.Responded, short)
		case Salary:
			label = fmt.Sprintf(n.Salary, amountRange(t, s.SalaryFrom, s.SalaryTo, t.Amount))
		case Age:
			label = fmt.Sprintf(n.Age, amountRange(t, s.AgeFrom, s.AgeTo, func(v int64) string { return fmt.Sprint(v) }))
		case OnlyNew:
			label = n.OnlyNew
		case Stale:
			label = n.Stale
		case Vacancy:
			short = title(names.Vacancy, s.VacancyID)
			label = fmt.Sprintf(n.Vacancy, short)
		case Education:
			short = title(names.Education, s.Education)
			label = fmt.Sprintf(n.Education, short)
		}
		if short == "" {
			short = label // its words are its value: "new only", "salary from 80,000"
		}
		out = append(out, Chip{Kind: k, Label: label, Short: short})
	}
	return out
}

// Period says a response period in words: "today", "7 days", "1 Nov–20 Nov".
func Period(t *i18n.Text, r config.Responded, now time.Time) string {
	if r.Days > 0 {
		return t.Days(r.Days)
	}
	day := func(d time.Time) string { return t.Day(d, now) }
	switch {
	case r.From.IsZero():
		return fmt.Sprintf(t.Narrow.To, day(r.To))
	case r.To.IsZero():
		return fmt.Sprintf(t.Narrow.From, day(r.From))
	}
	return day(r.From) + "–" + day(r.To)
}

func amountRange(t *i18n.Text, lo, hi int64, format func(int64) string) string {
	switch {
	case lo == 0:
		return fmt.Sprintf(t.Narrow.To, format(hi))
	case hi == 0:
		return fmt.Sprintf(t.Narrow.From, format(lo))
	}
	return format(lo) + "–" + format(hi)
}

func title(name func(int64) string, id int64) string {
	if name != nil {
		if s := textsafe.Line(name(id)); s != "" {
			return s
		}
	}
	return fmt.Sprintf("#%d", id)
}

// EducationTitle names an education level: the contract's dictionary
// (2.10: 2 higher … 6 student) in the UI's language, else the title the
// service gave in a resume, else the id.
func EducationTitle(t *i18n.Text, id int64, fromCache string) string {
	if id >= 2 && id <= 6 {
		return t.Selections.EducationValues[id-2]
	}
	if s := textsafe.Line(fromCache); s != "" {
		return s
	}
	return fmt.Sprintf("#%d", id)
}

// View is a saved view: a folder (or every folder), filters and an order
// under a name, shown by Key.
type View struct {
	Name       string
	Key        key.Binding
	Folder     string // the store's folder id; "" with Everywhere
	Everywhere bool
	Set        Set
	SortBy     store.SortField
	Ascending  bool
	// Query is the view's line of the query language (config's `query`),
	// read by FromConfig; shown, it is the `/` line's text.
	Query string
}

// FromConfig builds the filters of a saved view from config.toml; c has
// validated them but the query, read here (a mistake is a *query.Error
// wrapped, naming the setting).
func FromConfig(v config.View) (Set, store.SortField, bool, error) {
	var s Set
	var err error
	if s.Responded, err = config.ParseResponded(v.Responded); err != nil {
		return s, 0, false, fmt.Errorf("responded %q: %w", v.Responded, err)
	}
	if s.SalaryFrom, s.SalaryTo, err = config.ParseRange(v.Salary); err != nil {
		return s, 0, false, fmt.Errorf("salary %q: %w", v.Salary, err)
	}
	if s.AgeFrom, s.AgeTo, err = config.ParseRange(v.Age); err != nil {
		return s, 0, false, fmt.Errorf("age %q: %w", v.Age, err)
	}
	s.OnlyNew, s.Stale, s.VacancyID, s.Education = v.New, v.Stale, v.Vacancy, v.Education
	if _, err := query.Parse(v.Query); err != nil {
		return s, 0, false, fmt.Errorf("query %q: %w", v.Query, err)
	}
	field, asc, err := v.SortOrder()
	if err != nil {
		return s, 0, false, err
	}
	by := map[string]store.SortField{"date": store.SortByDate, "salary": store.SortBySalary, "age": store.SortByAge}[field]
	return s, by, asc, nil
}
