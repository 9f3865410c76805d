package query

import (
	"strings"
	"time"
	"unicode/utf8"

	"hrdesk/config"
	"hrdesk/store"
)

// Env is what a query's names and clock mean for one profile.
type Env struct {
	Now time.Time
	// StaleAfter is config's stale_after; 0 is its default.
	StaleAfter time.Duration
	// Folder finds a user folder's id by its name (the four site folders
	// are BuiltinFolders); nil knows none.
	Folder func(name string) (id string, ok bool)
	// Vacancies are the ids of the vacancies whose title the words name;
	// nil knows none.
	Vacancies func(title string) []int64
}

// Compile narrows q by the query. A term alone in its clause and not
// negated sets the list's own field where it has one (the search text,
// folder, salary, age, vacancy, education, new, stale, responded), so the
// plans that field has are the ones run; the rest go to q.Filter. A name
// no folder or vacancy has is an *Error at its term.
func (qr Query) Compile(line string, env Env, q *store.ListQuery) error {
	return qr.compile(line, env, q, true)
}

// compile is Compile; fields false puts every term in the Filter, which
// the tests hold to select the same resumes.
func (qr Query) compile(line string, env Env, q *store.ListQuery, fields bool) error {
	c := compiler{env: env, line: line, q: q}
	var f store.Filter
	var words []string
	prefix := false // the search's last word is the one being typed
	for i, clause := range qr.Clauses {
		last := i == len(qr.Clauses)-1
		if len(clause) == 1 && !clause[0].Not && fields {
			w, done, err := c.field(clause[0])
			if err != nil {
				return err
			}
			if done {
				words = append(words, w...)
				prefix = last && qr.Typing && len(w) > 0
				continue
			}
		}
		conds := make([]store.Cond, 0, len(clause))
		for j, t := range clause {
			cond, err := c.cond(t, last && j == len(clause)-1 && qr.Typing)
			if err != nil {
				return err
			}
			conds = append(conds, cond)
		}
		f.All = append(f.All, conds)
	}
	if len(words) > 0 {
		q.Search = strings.Join(words, " ")
		if !prefix {
			q.Search += " " // no word is being typed: none is a prefix
		}
	}
	if len(f.All) > 0 {
		q.Filter = &f
	}
	return nil
}

type compiler struct {
	env  Env
	line string
	q    *store.ListQuery
}

func (c *compiler) fail(t Term, code Code, arg string) error {
	pos := min(max(t.Pos, 0), len(c.line))
	return &Error{Pos: t.Pos, Col: utf8.RuneCountInString(c.line[:pos]), Code: code, Arg: arg}
}

// field sets the list's own field for a positive term alone in its clause;
// done is false when that field is taken or has no such bound. A Text
// term gives its words to the search.
func (c *compiler) field(t Term) (words []string, done bool, err error) {
	q := c.q
	switch t.Field {
	case Text:
		if store.SearchQuery(t.Text+" ") == "" {
			return nil, false, nil // no searchable word: a condition nothing holds
		}
		return []string{t.Text}, true, nil
	case Salary, Age:
		lo, hi := bounds(t)
		if hi < 0 {
			return nil, false, nil
		}
		if t.Field == Salary {
			q.SalaryFrom, q.SalaryTo = narrow(q.SalaryFrom, q.SalaryTo, lo, hi)
			return nil, true, nil
		}
		from, to := narrow(int64(q.AgeFrom), int64(q.AgeTo), lo, hi)
		q.AgeFrom, q.AgeTo = int(from), int(to)
		return nil, true, nil
	case Folder:
		id, err := c.folder(t)
		if err != nil || q.Folder != "" {
			return nil, false, err
		}
		q.Folder = id
	case Vacancy:
		if t.Text != "" || q.VacancyID != 0 {
			return nil, false, nil
		}
		q.VacancyID = t.N
	case Edu:
		if q.Education != 0 {
			return nil, false, nil
		}
		q.Education = EducationID[t.Text]
	case New:
		q.OnlyNew = true
	case Stale:
		q.StaleBefore = c.staleBefore()
	case Responded:
		return nil, respondedBound(q, t, c.env.Now), nil
	default:
		return nil, false, nil
	}
	return nil, true, nil
}

// narrow is the bounds from..to (0 open) within lo..hi too.
func narrow(from, to, lo, hi int64) (int64, int64) {
	if hi > 0 && (to == 0 || hi < to) {
		to = hi
	}
	return max(from, lo), to
}

// bounds is a salary's or age's term as inclusive bounds, 0 open; hi < 0
// when no known value is below it.
func bounds(t Term) (lo, hi int64) {
	switch t.Op {
	case GE:
		return t.N, 0
	case GT:
		return t.N + 1, 0
	case LE:
		hi = t.N
	case LT:
		hi = t.N - 1
	case Range:
		lo, hi = t.N, t.M
	}
	if hi <= 0 {
		hi = -1
	}
	return lo, hi
}

func (c *compiler) staleBefore() time.Time {
	after := c.env.StaleAfter
	if after <= 0 {
		after = config.DefaultStaleAfter
	}
	return c.env.Now.Add(-after)
}

func (c *compiler) folder(t Term) (string, error) {
	if id, ok := lookup(BuiltinFolders, t.Text); ok {
		return id, nil
	}
	if c.env.Folder != nil {
		if id, ok := c.env.Folder(t.Text); ok {
			return id, nil
		}
	}
	return "", c.fail(t, UnknownFolder, t.Text)
}

// sources are a source's event types (section 6): by the applicant, by
// subscription, found by the recruiter, from a colleague (copied to me,
// copied from a user).
var sources = map[string][]int64{"applicant": {10}, "subscription": {30}, "found": {40}, "colleague": {20, 50}}

// cond is a term as a condition of store's Filter.
func (c *compiler) cond(t Term, typing bool) (store.Cond, error) {
	out := store.Cond{Not: t.Not}
	switch t.Field {
	case Text:
		out.Kind, out.Text, out.Prefix = store.CondText, t.Text, typing
	case Salary, Age:
		out.Kind = store.CondSalary
		if t.Field == Age {
			out.Kind = store.CondAge
		}
		out.Lo, out.Hi = bounds(t)
	case Folder:
		id, err := c.folder(t)
		out.Kind, out.Text = store.CondFolder, id
		return out, err
	case Vacancy:
		out.Kind, out.IDs = store.CondVacancies, []int64{t.N}
		if t.Text != "" {
			out.IDs = nil
			if c.env.Vacancies != nil {
				out.IDs = c.env.Vacancies(t.Text)
			}
			if len(out.IDs) == 0 {
				return out, c.fail(t, UnknownVacancy, t.Text)
			}
		}
	case Town:
		out.Kind, out.Text = store.CondTown, t.Text
	case Source:
		out.Kind, out.IDs = store.CondSource, sources[t.Text]
	case Edu:
		out.Kind, out.IDs = store.CondEducation, []int64{EducationID[t.Text]}
	case Has:
		out.Kind = store.CondHasComment
		if t.Text == "contacts" {
			out.Kind = store.CondHasContacts
		}
	case New:
		out.Kind = store.CondNew
	case Stale:
		out.Kind, out.At = store.CondStale, c.staleBefore()
	case Repeat:
		out.Kind = store.CondRepeat
	case Snoozed:
		out.Kind, out.At = store.CondSnoozed, c.env.Now
		if c.q.Now.IsZero() {
			c.q.Now = c.env.Now // the list hides the others' snoozes at the same moment
		}
	case Waited, Responded:
		out.At = t.since(c.env.Now)
		since := t.Op == LT || t.Op == LE // waited<2d: an event in the last two days
		if t.Unit == Date {
			since = t.Op == GE || t.Op == GT // responded>=2026-11-01: on that day or later
		}
		out.Kind = map[[2]bool]store.CondKind{
			{true, true}: store.CondEventSince, {true, false}: store.CondEventBefore,
			{false, true}: store.CondRespondedSince, {false, false}: store.CondRespondedBefore,
		}[[2]bool{t.Field == Waited, since}]
	}
	return out, nil
}

// since is the instant a waited or responded term compares with, to the
// second the cache keeps: waited<2d is an event after two days ago (one
// exactly then has waited two days), waited>=2d one before a second past.
func (t Term) since(now time.Time) time.Time {
	if t.Unit == Date {
		return t.dayBound(now.Location())
	}
	at := now.Add(-t.duration())
	if t.Op == LT || t.Op == GE {
		at = at.Add(time.Second)
	}
	return at
}

// dayBound is a dated term's instant in loc: the day's midnight for >= and
// <, the next day's for > and <= (the whole day is in or out).
func (t Term) dayBound(loc *time.Location) time.Time {
	day := time.Date(int(t.N/10000), time.Month(t.N/100%100), int(t.N%100), 0, 0, 0, 0, loc)
	if t.Op == GT || t.Op == LE {
		day = day.AddDate(0, 0, 1)
	}
	return day
}

// respondedBound narrows q's response period by a responded term alone in
// its clause; false when the period cannot say it (a bound already set,
// responded>7d).
func respondedBound(q *store.ListQuery, t Term, now time.Time) bool {
	from := t.Op == LT || t.Op == LE
	if t.Unit == Date {
		from = t.Op == GE || t.Op == GT
	}
	switch {
	case from && q.RespondedFrom.IsZero():
		q.RespondedFrom = t.since(now)
	case !from && t.Unit == Date && q.RespondedTo.IsZero():
		q.RespondedTo = t.since(now).Add(-time.Second) // RespondedTo is inclusive
	default:
		return false
	}
	return true
}

// duration is a waited or responded term's span.
func (t Term) duration() time.Duration {
	unit := 24 * time.Hour
	switch t.Unit {
	case Hours:
		unit = time.Hour
	case Weeks:
		unit = 7 * 24 * time.Hour
	}
	return time.Duration(min(t.N, int64(1<<62)/int64(unit))) * unit
}
