package cli

import (
	"cmp"
	"context"
	"net/url"
	"slices"
	"strings"
	"time"

	"hrdesk/store"
)

// A digest's figures, read beside report's and by the same store calls
// (the overview, the limits per stage, the period as a cohort and the one
// before, the owners of the vacancies), at one moment: nothing here
// reads the clock, so a test names the moment and the edges.

// digestOldest is how many of the resumes past their limit a digest names.
const digestOldest = 5

// digestWeek is the shortest span the digest's change compares.
const digestWeek = 7

// digestFacts are what a digest says, in no language yet.
type digestFacts struct {
	// Now and From: the period is [From, Now).
	Now, From time.Time
	Company   bool
	LastSync  time.Time
	// Empty: the scope holds no response at all; nothing below is read.
	Empty bool
	// Vacancies are those with a response in the period or a resume past
	// its limit, the most new first; Total sums every vacancy of the
	// scope.
	Vacancies []digestVacancy
	Total     digestVacancy
	// Oldest are the first few resumes past their stage's limit (Total.Past
	// counts them all), oldest first.
	Oldest []digestResume
	// Recruiters are the company's, by id, the unknown owner last; none in
	// the own scope.
	Recruiters []digestRecruiter
	// Change is the last ChangeDays days against as many before.
	ChangeDays int
	Change     store.Comparison
}

// digestVacancy is a vacancy's line: New in the period, Waiting (in the
// inbox, not acted on) and Past its stage's limit now.
type digestVacancy struct {
	ID                 int64
	Title              string
	New, Waiting, Past int
}

// digestResume is one resume past its stage's limit.
type digestResume struct {
	ID        int64
	Name      string // "" when the cache has none (contacts not bought)
	VacancyID int64
	Vacancy   string
	Folder    string // the folder's id: inbox, considered, 1001
	Waited    time.Duration
	Link      string // the resume on the site, "" when the cache has no usable one
}

// digestRecruiter is a recruiter's line: New in the period, Waiting and
// Past their limit now, the median first action on the change's span.
type digestRecruiter struct {
	ID                 int64
	Name               string // [recruiters] or the service's word, "" when neither names them
	New, Waiting, Past int
	FirstActions       int
	MedianFirstAction  time.Duration
}

// collectDigest reads a digest of the period [from, now), days long (begun
// days counted), from the cache.
func (a *app) collectDigest(ctx context.Context, st *store.Store, now, from time.Time, days int) (digestFacts, error) {
	scope := a.profile().ListScope()
	f := digestFacts{Now: now, From: from, Company: scope != store.ScopeMine, ChangeDays: max(days, digestWeek)}
	var err error
	if f.LastSync, err = lastSync(ctx, st); err != nil {
		return f, err
	}
	// One day's overview: the titles, and what waits now.
	o, err := st.Overview(ctx, store.OverviewQuery{Scope: scope, Now: now, Location: now.Location(), Days: 1})
	if err != nil {
		return f, err
	}
	if o.Total.Responses == 0 {
		f.Empty = true
		return f, nil
	}
	limits := store.Limits(a.cfg.Limits())
	past, err := st.LimitCounts(ctx, scope, limits, now, store.LimitsByVacancy)
	if err != nil {
		return f, err
	}
	period, err := a.digestPeriods(ctx, st, &f, scope, days)
	if err != nil {
		return f, err
	}
	f.Vacancies, f.Total = digestVacancies(o, past, period)
	if f.Oldest, err = digestOldestPast(ctx, st, scope, limits, now, o); err != nil {
		return f, err
	}
	if f.Company {
		owners, err := st.VacancyOwners(ctx)
		if err != nil {
			return f, err
		}
		f.Recruiters = digestRecruiters(store.SumByRecruiter(o, f.Change, owners), owners, a.cfg.RecruiterNames(), past, period)
	}
	return f, nil
}

// digestPeriods reads the change into f and returns the period's cohort:
// a period of a week or more is the change's own span, a shorter one is
// read apart and the change is the last week's. Past the limit is by each
// stage's limit ([sla], else stale_after), as report's comparison has it.
func (a *app) digestPeriods(ctx context.Context, st *store.Store, f *digestFacts, scope store.Scope, days int) (store.Period, error) {
	q := store.PeriodQuery{Scope: scope, From: f.From, To: f.Now, Limit: a.cfg.StaleAfterDuration(), Limits: store.Limits(a.cfg.Limits())}
	if days < digestWeek {
		q.From = f.Now.Add(-digestWeek * 24 * time.Hour)
	}
	var err error
	if f.Change, err = st.Compare(ctx, q, f.ChangeDays); err != nil || days >= digestWeek {
		return f.Change.Current, err
	}
	q.From = f.From
	return st.Period(ctx, q)
}

// digestVacancies are the vacancies with a new response or one past its
// limit, the most new first, and the sum of all.
func digestVacancies(o store.Overview, past map[int64]store.LimitCount, period store.Period) ([]digestVacancy, digestVacancy) {
	by := map[int64]*digestVacancy{}
	get := func(id int64) *digestVacancy {
		v := by[id]
		if v == nil {
			v = &digestVacancy{ID: id}
			by[id] = v
		}
		return v
	}
	for _, v := range o.Vacancies {
		d := get(v.VacancyID)
		d.Title, d.Waiting = v.Title, v.Waiting
	}
	for id, c := range past {
		get(id).Past = c.Past
	}
	for id, p := range period.ByVacancy {
		get(id).New = p.Responses
	}
	var out []digestVacancy
	var total digestVacancy
	for _, v := range by {
		total.New, total.Waiting, total.Past = total.New+v.New, total.Waiting+v.Waiting, total.Past+v.Past
		if v.New > 0 || v.Past > 0 {
			out = append(out, *v)
		}
	}
	slices.SortFunc(out, func(x, y digestVacancy) int {
		return cmp.Or(cmp.Compare(y.New, x.New), cmp.Compare(y.Past, x.Past), cmp.Compare(x.ID, y.ID))
	})
	return out, total
}

// digestOldestPast are the first resumes of the "needs me" list (search
// --past-limit) past their limit, with their vacancy's title and link.
func digestOldestPast(ctx context.Context, st *store.Store, scope store.Scope, limits store.Limits, now time.Time,
	o store.Overview) ([]digestResume, error) {
	rows, err := st.ListEntries(ctx, store.ListQuery{Scope: scope, Due: &store.Due{Limits: limits, Now: now, PastOnly: true},
		Ascending: true, Limit: digestOldest})
	if err != nil {
		return nil, err
	}
	titles := map[int64]string{}
	for _, v := range o.Vacancies {
		titles[v.VacancyID] = v.Title
	}
	var out []digestResume
	for _, r := range rows {
		d, err := st.Entry(ctx, r.ResumeID)
		if err != nil {
			return nil, err
		}
		out = append(out, digestResume{ID: r.ResumeID, Name: r.DisplayName, VacancyID: r.VacancyID, Vacancy: titles[r.VacancyID],
			Folder: r.Folder, Waited: now.Sub(r.LastEventAt), Link: siteLink(d.Doc().Link.Str())})
	}
	return out, nil
}

// siteLink is a resume's address on the site as the cache keeps it (the
// `link` of its object, which export's JSON carries and the workstation's
// copy key copies) when it is a plain http(s) address: printable ASCII
// with nothing a mail, markdown or a page would read as more than an
// address; "" otherwise.
func siteLink(s string) string {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(s) > 2000 {
		return ""
	}
	bad := func(r rune) bool { return r <= ' ' || r >= 0x7f || strings.ContainsRune("<>\"'`\\{}|^", r) }
	if strings.ContainsFunc(s, bad) {
		return ""
	}
	return s
}

// digestRecruiters are the lines of by's recruiters: waiting now and the
// median first action on the change's span from by, the period's new
// responses and those past their limit summed by the vacancies' owners.
func digestRecruiters(by store.ByRecruiter, owners map[int64]store.Owner, names map[int64]string,
	past map[int64]store.LimitCount, period store.Period) []digestRecruiter {
	var out []digestRecruiter
	at := map[int64]int{}
	for _, r := range by.Recruiters {
		at[r.RecruiterID] = len(out)
		out = append(out, digestRecruiter{ID: r.RecruiterID, Name: recruiterName(r, names), Waiting: r.Figures.Waiting,
			FirstActions: r.Current.FirstActions, MedianFirstAction: r.Current.MedianFirstAction})
	}
	get := func(vacancy int64) *digestRecruiter {
		id := owners[vacancy].ID
		i, ok := at[id]
		if !ok { // not in the overview nor the change: summed all the same
			i = len(out)
			at[id] = i
			out = append(out, digestRecruiter{ID: id, Name: names[id]})
		}
		return &out[i]
	}
	for vacancy, c := range past {
		get(vacancy).Past += c.Past
	}
	for vacancy, p := range period.ByVacancy {
		get(vacancy).New += p.Responses
	}
	slices.SortStableFunc(out, func(x, y digestRecruiter) int {
		return cmp.Or(cmp.Compare(b2n(x.ID == 0), b2n(y.ID == 0)), cmp.Compare(x.ID, y.ID))
	})
	return out
}

// b2n is 1 for true: the unknown owner sorts last.
func b2n(b bool) int {
	if b {
		return 1
	}
	return 0
}
