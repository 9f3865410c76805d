package cli

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/store"
)

// hostileTitle is a vacancy title a hostile service could send: markup
// for a page and a mail, a terminal's escape sequences.
const hostileTitle = "Кладовщик <script>alert(1)</script>\x1b[2J\x1b]52;c;cHduZWQ=\x07"

// digestLimits are digestEnv's [sla].
var digestLimits = map[string]time.Duration{
	store.FolderInbox: 48 * time.Hour, store.FolderConsidered: 7 * 24 * time.Hour, store.FolderInvited: 5 * 24 * time.Hour,
}

// digestEnv is teamEnv's company of three recruiters (the demo user, the
// colleague on "Курьер", a third on a vacancy of hostileTitle), with
// [sla] set, the company's scope in config.toml and the third named
// there; synced.
func digestEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
	e.setConfig("scope = \"company\"\n[sla]\ninbox = \"2d\"\nconsidered = \"7d\"\ninvited = \"5d\"\n[recruiters]\n7003 = \"Ольга (склад)\"")
	e.login()
	var theirs []int64
	for _, r := range e.srv.Received() {
		if !r.Own {
			theirs = append(theirs, r.ResumeID)
		}
	}
	if len(theirs) < 4 {
		t.Fatalf("the fake has %d colleague's responses", len(theirs))
	}
	e.srv.AddColleagueVacancy("Курьер", 1, theirs[:len(theirs)/2]...)
	e.srv.AddRecruiterVacancy(fakeapi.ThirdUserID, "Ольга Третьякова", hostileTitle, 1, theirs[len(theirs)/2:]...)
	if code, out, errs := e.run("", "sync"); code != 0 {
		t.Fatalf("company sync: %q %q", out, errs)
	}
	return e
}

// digestResponse is one of the fake's responses as the cache reads it.
type digestResponse struct {
	state                  fakeapi.ReceivedState
	vacancy, owner         int64
	folder                 string
	arrived, acted, latest time.Time
}

// digestResponses are the fake's responses with their vacancy's owner, the
// folder shown, when they came (the newest response event), the first
// action at or after it and the newest event.
func digestResponses(srv *fakeapi.Server) []digestResponse {
	var out []digestResponse
	for _, r := range srv.Received() {
		f := digestResponse{state: r, vacancy: r.VacancyID}
		if v, ok := srv.Vacancy(r.VacancyID); ok {
			f.owner = anyInt(v["id_user"])
		}
		for _, ev := range r.Events {
			if slices.Contains(store.ResponseTypes, ev.Type) && ev.At.After(f.arrived) {
				f.arrived = ev.At
			}
			if ev.At.After(f.latest) {
				f.latest = ev.At
			}
		}
		for _, ev := range r.Events {
			if slices.Contains(store.ActionTypes, ev.Type) && !ev.At.Before(f.arrived) && (f.acted.IsZero() || ev.At.Before(f.acted)) {
				f.acted = ev.At
			}
		}
		f.folder, _ = store.FolderForStatus(r.Status)
		if r.UserFolder != "" {
			f.folder = r.UserFolder
		}
		out = append(out, f)
	}
	return out
}

// digestWant is what a digest of [from, now) should say, counted from the
// fake's state.
type digestWant struct {
	newBy, waitingBy, pastBy map[int64]int // per vacancy
	recruiters               map[int64]*digestRecruiter
	delays                   map[int64][]time.Duration // per recruiter, the change's span
	past                     []digestResponse          // oldest first
	cur, prev                store.PeriodFigures
}

// digestOracle counts the fake's responses as the digest should: new in
// [from, now), waiting (in the inbox, never acted on), past the limit of
// their folder at now; per recruiter; the last week (or the period) and
// the one before as cohorts, past each stage's limit ([sla]).
func digestOracle(rs []digestResponse, now, from time.Time, days int) digestWant {
	w := digestWant{newBy: map[int64]int{}, waitingBy: map[int64]int{}, pastBy: map[int64]int{},
		recruiters: map[int64]*digestRecruiter{}, delays: map[int64][]time.Duration{}}
	spanFrom, span := from, days
	if days < digestWeek {
		spanFrom, span = now.Add(-digestWeek*24*time.Hour), digestWeek
	}
	for _, r := range rs {
		rec := w.recruiters[r.owner]
		if rec == nil {
			rec = &digestRecruiter{ID: r.owner}
			w.recruiters[r.owner] = rec
		}
		if !r.arrived.Before(from) && r.arrived.Before(now) {
			w.newBy[r.vacancy]++
			rec.New++
		}
		if r.folder == store.FolderInbox && r.acted.IsZero() {
			w.waitingBy[r.vacancy]++
			rec.Waiting++
		}
		if d, ok := digestLimits[r.folder]; ok && now.Sub(r.latest) >= d {
			w.pastBy[r.vacancy]++
			rec.Past++
			w.past = append(w.past, r)
		}
		var delays []time.Duration // the digest's medians are counted below, per recruiter
		cohort(&w.cur, &delays, r.state, r.arrived, r.acted, spanFrom, now, store.Limits(digestLimits))
		cohort(&w.prev, &delays, r.state, r.arrived, r.acted, spanFrom.AddDate(0, 0, -span), now.AddDate(0, 0, -span), store.Limits(digestLimits))
		if !r.arrived.Before(spanFrom) && r.arrived.Before(now) && !r.acted.IsZero() && r.acted.Before(now) {
			w.delays[r.owner] = append(w.delays[r.owner], r.acted.Sub(r.arrived).Truncate(time.Minute))
		}
	}
	sort.SliceStable(w.past, func(i, j int) bool { return w.past[i].latest.Before(w.past[j].latest) })
	return w
}

// digestAt reads a digest of the last days at now through the command's
// own code, with the profile's config and cache.
func digestAt(t *testing.T, e *env, now time.Time, days int) digestFacts {
	t.Helper()
	a := &app{env: config.EnvFromList(e.vars)}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f, err := a.collectDigest(context.Background(), st, now, now.Add(-time.Duration(days)*24*time.Hour), days)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// checkDigest compares a digest with the fake's counts.
func checkDigest(t *testing.T, what string, f digestFacts, w digestWant) {
	t.Helper()
	if f.Empty || !f.Company {
		t.Fatalf("%s: empty %v, company %v", what, f.Empty, f.Company)
	}
	shown := map[int64]bool{}
	for _, v := range f.Vacancies {
		shown[v.ID] = true
		if v.New != w.newBy[v.ID] || v.Waiting != w.waitingBy[v.ID] || v.Past != w.pastBy[v.ID] {
			t.Errorf("%s: vacancy %d new %d, waiting %d, past %d; the fake's %d, %d, %d", what, v.ID, v.New, v.Waiting, v.Past,
				w.newBy[v.ID], w.waitingBy[v.ID], w.pastBy[v.ID])
		}
	}
	total := digestVacancy{}
	for vac, n := range w.newBy {
		total.New += n
		if !shown[vac] && n > 0 {
			t.Errorf("%s: vacancy %d had %d new responses and is not shown", what, vac, n)
		}
	}
	for vac, n := range w.pastBy {
		total.Past += n
		if !shown[vac] && n > 0 {
			t.Errorf("%s: vacancy %d has %d past the limit and is not shown", what, vac, n)
		}
	}
	for _, n := range w.waitingBy {
		total.Waiting += n
	}
	if f.Total != total {
		t.Errorf("%s: total %+v, the fake's %+v", what, f.Total, total)
	}
	// The oldest by their last event; resumes of the same second may come
	// in either order.
	latest, past := map[int64]time.Time{}, map[int64]bool{}
	for _, r := range w.past {
		latest[r.state.ResumeID], past[r.state.ResumeID] = r.latest, true
	}
	var want, got []time.Time
	for _, r := range w.past[:min(len(w.past), digestOldest)] {
		want = append(want, r.latest)
	}
	for _, r := range f.Oldest {
		got = append(got, latest[r.ID])
		if !past[r.ID] || r.Link != fmt.Sprintf("https://www.superjob.ru/resume/%d.html", r.ID) || r.Waited != f.Now.Sub(latest[r.ID]) {
			t.Errorf("%s: resume %d (past the limit: %v) waited %v, links to %q", what, r.ID, past[r.ID], r.Waited, r.Link)
		}
	}
	if !slices.EqualFunc(got, want, time.Time.Equal) {
		t.Errorf("%s: the oldest past the limit waited since %v, the fake's since %v", what, got, want)
	}
	checkRecruiters(t, what, f, w)
	if periodKey(f.Change.Current.Total) != periodKey(w.cur) || periodKey(f.Change.Previous.Total) != periodKey(w.prev) {
		t.Errorf("%s: the change %+v against %+v\n  the fake's %+v against %+v", what, f.Change.Current.Total,
			f.Change.Previous.Total, w.cur, w.prev)
	}
}

// checkRecruiters compares the recruiters' lines with the fake's.
func checkRecruiters(t *testing.T, what string, f digestFacts, w digestWant) {
	t.Helper()
	seen := map[int64]bool{}
	for _, r := range f.Recruiters {
		seen[r.ID] = true
		want := w.recruiters[r.ID]
		if want == nil {
			t.Errorf("%s: recruiter %d is not the fake's", what, r.ID)
			continue
		}
		if r.New != want.New || r.Waiting != want.Waiting || r.Past != want.Past {
			t.Errorf("%s: recruiter %d new %d, waiting %d, past %d; the fake's %+v", what, r.ID, r.New, r.Waiting, r.Past, *want)
		}
		d := w.delays[r.ID]
		slices.Sort(d)
		var median time.Duration
		if n := len(d); n > 0 {
			median = (d[(n-1)/2] + d[n/2]) / 2
		}
		if r.FirstActions != len(d) || r.MedianFirstAction.Truncate(time.Minute) != median.Truncate(time.Minute) {
			t.Errorf("%s: recruiter %d's first actions %d, median %v; the fake's %d, %v", what, r.ID, r.FirstActions,
				r.MedianFirstAction, len(d), median)
		}
	}
	for id, r := range w.recruiters {
		if !seen[id] && (r.New > 0 || r.Waiting > 0 || r.Past > 0) {
			t.Errorf("%s: recruiter %d (%+v) has no line", what, id, *r)
		}
	}
	names := map[int64]string{}
	for _, r := range f.Recruiters {
		names[r.ID] = r.Name
	}
	if names[fakeapi.ColleagueUserID] != "Пётр Коллегов" || names[fakeapi.ThirdUserID] != "Ольга (склад)" {
		t.Errorf("%s: the recruiters' names %v: want the contact person's, [recruiters]' over it", what, names)
	}
}

// TestDigestEqualsTheFake (issue 30 §5): a company of three recruiters
// with [sla] limits; each figure of the digest, read at one moment, is
// what the fake holds: new responses per vacancy and recruiter in the
// period, waiting, past the limit and the oldest of those, the median
// first action, the week against the one before. At the edges: a
// response that came exactly --since ago is in the period, a second
// later it is not; a resume that waited exactly its stage's limit is
// past it, a second less it is not.
func TestDigestEqualsTheFake(t *testing.T) {
	e := digestEnv(t)
	rs := digestResponses(e.srv)
	now := time.Now().UTC().Truncate(time.Second)
	for _, days := range []int{1, 7, 30} {
		checkDigest(t, "now, "+strconv.Itoa(days)+"d", digestAt(t, e, now, days),
			digestOracle(rs, now, now.Add(-time.Duration(days)*24*time.Hour), days))
	}
	var came, limited *digestResponse
	for i := range rs {
		r := &rs[i]
		if came == nil && !r.arrived.IsZero() {
			came = r
		}
		if _, ok := digestLimits[r.folder]; ok && limited == nil && r.folder != store.FolderInbox {
			limited = r
		}
	}
	if came == nil || limited == nil {
		t.Fatalf("the fake has no response to put at an edge: %v %v", came, limited)
	}
	edge := came.arrived.Add(24 * time.Hour)
	for _, at := range []time.Time{edge, edge.Add(time.Second)} {
		checkDigest(t, "the period's edge +"+at.Sub(edge).String(), digestAt(t, e, at, 1), digestOracle(rs, at, at.Add(-24*time.Hour), 1))
	}
	if w := digestOracle(rs, edge, came.arrived, 1); w.newBy[came.vacancy] == 0 {
		t.Fatalf("resume %d, which came at the period's first second, is not in the oracle's period", came.state.ResumeID)
	}
	edge = limited.latest.Add(digestLimits[limited.folder])
	atEdge := digestOracle(rs, edge, edge.Add(-24*time.Hour), 1)
	before := digestOracle(rs, edge.Add(-time.Second), edge.Add(-24*time.Hour-time.Second), 1)
	if len(atEdge.past) <= len(before.past) {
		t.Fatalf("resume %d (%s) is not past its limit at %v in the oracle", limited.state.ResumeID, limited.folder, edge)
	}
	checkDigest(t, "a limit's edge", digestAt(t, e, edge, 1), atEdge)
	checkDigest(t, "a second before a limit's edge", digestAt(t, e, edge.Add(-time.Second), 1), before)
	checkDigestCommand(t, e)
}

// checkDigestCommand runs `hrdesk digest` in each format on digestEnv's
// cache: the hostile title's words are there, its escapes and markup are
// not (html/template's escaping, markdown's backslashes), the text within
// 80 columns, the recruiters named.
func checkDigestCommand(t *testing.T, e *env) {
	t.Helper()
	rawTag := regexp.MustCompile(`(^|[^\\])<(script|/script)`)
	for format, title := range map[string]string{
		"text": "Кладовщик <script>alert(1)</script>", "markdown": `Кладовщик \<script\>alert(1)\</script\>`,
		"html": "Кладовщик &lt;script&gt;alert(1)&lt;/script&gt;",
	} {
		code, out, errs := e.run("", "digest", "--since", "3660d", "--format", format)
		if code != 0 || !strings.Contains(out, title) || !strings.Contains(out, "Ольга (склад)") || !strings.Contains(out, "Пётр Коллегов") {
			t.Errorf("digest --format %s: %d %s\n%s", format, code, errs, out)
		}
		if bad := controlIn(out + errs); bad != "" || format != "text" && rawTag.MatchString(out) {
			t.Errorf("digest --format %s carries %q or a raw tag:\n%s", format, bad, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if format == "text" && columns(line) > digestWidth {
				t.Errorf("digest: a line of %d columns: %q", columns(line), line)
			}
		}
	}
}
