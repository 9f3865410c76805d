package cli

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"hrdesk/fakeapi"
	"hrdesk/store"
)

type recruiterJSON struct {
	RecruiterID int64               `json:"recruiter_id"`
	Name        *string             `json:"name"`
	Responses   int                 `json:"responses"`
	Inbox       int                 `json:"inbox"`
	Considered  int                 `json:"considered"`
	Invited     int                 `json:"invited"`
	Refused     int                 `json:"refused"`
	Waiting     int                 `json:"waiting"`
	NearLimit   int                 `json:"near_limit"`
	PastLimit   int                 `json:"past_limit"`
	MedianHours *float64            `json:"median_first_action_hours"`
	Answered    map[string]*float64 `json:"answered_within_days"`
	Period      periodJSON          `json:"period"`
	Previous    periodJSON          `json:"previous"`
}

// teamEnv is a company of three recruiters on the fake (issue 30): the
// demo user on their own vacancies, the colleague on "Курьер", a third on
// "Кладовщик", each with some of the colleague's responses; synced in the
// company's scope.
func teamEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
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
	e.srv.AddRecruiterVacancy(fakeapi.ThirdUserID, "Ольга Третьякова", "Кладовщик", 1, theirs[len(theirs)/2:]...)
	if code, out, errs := e.run("", "--scope", "company", "sync"); code != 0 {
		t.Fatalf("company sync: %q %q", out, errs)
	}
	return e
}

// teamWant is one recruiter's figures counted from the fake's own state.
type teamWant struct {
	name                                                    string
	responses, inbox, considered, invited, refused, waiting int
	near, past                                              int // near and past their stage's limit now
	delays                                                  []time.Duration
	cur, prev                                               store.PeriodFigures
	curDelays, prevDelays                                   []time.Duration // the cohorts' first actions
}

// teamLimits are the [sla] of the team's tests (teamSLA in config.toml).
var teamLimits = store.Limits{store.FolderInbox: 48 * time.Hour, store.FolderConsidered: 72 * time.Hour, store.FolderInvited: 120 * time.Hour}

const teamSLA = "\n[sla]\ninbox = \"2d\"\nconsidered = \"3d\"\ninvited = \"5d\"\n"

// anyInt is a number of the fake's vacancy fields.
func anyInt(v any) int64 {
	switch n := v.(type) {
	case int:
		return int64(n)
	case int64:
		return n
	case float64:
		return int64(n)
	}
	return 0
}

// teamOracle is teamOracleBy of every response with limit every stage's
// (stale_after's way), kept for the tests written before [sla].
func teamOracle(srv *fakeapi.Server, now time.Time, limit time.Duration) map[int64]*teamWant {
	return teamOracleBy(srv, now, store.Limits{store.FolderInbox: limit, store.FolderConsidered: limit, store.FolderInvited: limit}, nil)
}

// teamOracleBy counts the fake's responses (those keep keeps; nil: all)
// per owner of their vacancy: the cache's figures as now, near and past
// their stage's limit now, and the window (30 days to now) and the span
// before as the report's cohorts.
func teamOracleBy(srv *fakeapi.Server, now time.Time, limits store.Limits, keep func(fakeapi.ReceivedState) bool) map[int64]*teamWant {
	wants := map[int64]*teamWant{}
	y, m, d := now.Date()
	from := time.Date(y, m, d, 0, 0, 0, 0, now.Location()).AddDate(0, 0, -29)
	end := time.Unix(now.Unix(), 0)
	for _, r := range srv.Received() {
		if keep != nil && !keep(r) {
			continue
		}
		owner, name := int64(0), ""
		if v, ok := srv.Vacancy(r.VacancyID); ok {
			owner = anyInt(v["id_user"])
			name, _ = v["contact"].(string)
		}
		w := wants[owner]
		if w == nil {
			w = &teamWant{name: name}
			wants[owner] = w
		}
		var arrived, acted time.Time
		for _, ev := range r.Events {
			if slices.Contains(store.ResponseTypes, ev.Type) && ev.At.After(arrived) {
				arrived = ev.At
			}
		}
		for _, ev := range r.Events {
			if slices.Contains(store.ActionTypes, ev.Type) && !ev.At.Before(arrived) && (acted.IsZero() || ev.At.Before(acted)) {
				acted = ev.At
			}
		}
		w.responses++
		folder, _ := store.FolderForStatus(r.Status)
		if r.UserFolder != "" {
			folder = r.UserFolder
		}
		switch folder {
		case store.FolderInbox:
			w.inbox++
			if acted.IsZero() {
				w.waiting++
			}
		case store.FolderConsidered:
			w.considered++
		case store.FolderInvited:
			w.invited++
		case store.FolderRefused:
			w.refused++
		}
		if !arrived.Before(from) && !acted.IsZero() {
			w.delays = append(w.delays, acted.Sub(arrived).Truncate(time.Minute))
		}
		if d := limits[folder]; d > 0 {
			var last time.Time
			for _, ev := range r.Events {
				if ev.At.After(last) {
					last = ev.At
				}
			}
			waited := end.Sub(time.Unix(last.Unix(), 0))
			w.past += b2i(waited >= d)
			w.near += b2i(waited < d && waited >= d-d/4)
		}
		cohort(&w.cur, &w.curDelays, r, arrived, acted, from, end, limits)
		cohort(&w.prev, &w.prevDelays, r, arrived, acted, from.AddDate(0, 0, -30), end.AddDate(0, 0, -30), limits)
	}
	return wants
}

// stageCodes are the stages a folder-changing event puts a response in,
// ranked as the store ranks two in one second (the higher wins).
var stageCodes = map[int]int{10: 1, 20: 1, 30: 1, 40: 1, 50: 1, 70: 2, 60: 3, 80: 4, 110: 5}

// pastStage says a response was past its stage's limit at to: the stage
// its last folder-changing event before to put it in (a move's the user
// folder it sits in), waited since its last event before to; unanswered,
// the inbox's, waited since its arrival.
func pastStage(r fakeapi.ReceivedState, arrived, acted, to time.Time, limits store.Limits) bool {
	if acted.IsZero() || !acted.Before(to) {
		d := limits[store.FolderInbox]
		return d > 0 && to.Unix()-arrived.Unix() >= int64(d/time.Second)
	}
	var last, stageAt int64
	code := 1
	for _, ev := range r.Events {
		at := ev.At.Unix()
		if at < arrived.Unix() || at >= to.Unix() {
			continue
		}
		last = max(last, at)
		if c, ok := stageCodes[ev.Type]; ok && (at > stageAt || at == stageAt && c > code) {
			code, stageAt = c, at
		}
	}
	stage := [...]string{"", store.FolderInbox, store.FolderConsidered, store.FolderInvited, store.FolderRefused, r.UserFolder}[code]
	d := limits[stage]
	return d > 0 && to.Unix()-max(last, arrived.Unix()) >= int64(d/time.Second)
}

// cohort counts one response into p (its first action's delay into
// delays) when it came in [from, to).
func cohort(p *store.PeriodFigures, delays *[]time.Duration, r fakeapi.ReceivedState, arrived, acted, from, to time.Time, limits store.Limits) {
	if arrived.Before(from) || !arrived.Before(to) {
		return
	}
	p.Responses++
	reached := map[int]bool{}
	for _, ev := range r.Events {
		if !ev.At.Before(arrived) && ev.At.Before(to) {
			reached[ev.Type] = true
		}
	}
	p.Considered += b2i(reached[70])
	p.Invited += b2i(reached[60])
	p.Refused += b2i(reached[80])
	answered := !acted.IsZero() && acted.Before(to)
	p.Waiting += b2i(!answered)
	p.PastLimit += b2i(pastStage(r, arrived, acted, to, limits))
	if answered {
		*delays = append(*delays, acted.Sub(arrived).Truncate(time.Minute))
	}
	for i, d := range store.AnswerDays {
		span := time.Duration(d) * 24 * time.Hour
		in := answered && acted.Sub(arrived) <= span
		p.Answered[i] += b2i(in)
		p.Due[i] += b2i(in || to.Sub(arrived) >= span)
	}
}

// periodKey is a cohort's counts, comparable.
func periodKey(p store.PeriodFigures) [12]int {
	return [12]int{p.Responses, p.Considered, p.Invited, p.Refused, p.Waiting, p.PastLimit,
		p.Answered[0], p.Answered[1], p.Answered[2], p.Due[0], p.Due[1], p.Due[2]}
}

// sameOracle says two oracles agree on what hangs on the clock: the
// cohorts and near and past the limit now.
func sameOracle(a, b *teamWant) bool {
	return a != nil && b != nil && periodKey(a.cur) == periodKey(b.cur) && periodKey(a.prev) == periodKey(b.prev) &&
		a.near == b.near && a.past == b.past
}

// medianOf is the median of delays in hours to a tenth, as the report
// says it; nil for none.
func medianOf(delays []time.Duration) *float64 {
	n := len(delays)
	if n == 0 {
		return nil
	}
	d := slices.Clone(delays)
	slices.Sort(d)
	h := math.Round(((d[(n-1)/2]+d[n/2])/2).Hours()*10) / 10
	return &h
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestReportByRecruiterEqualsTheFake (issue 30 §1, §3): three recruiters
// of a company, each row of `report --by recruiter --json` what the fake
// holds for the owner of the vacancies: the folders, the waiting ones,
// the median first action, the shares answered within 1, 3, 7 days, the
// window's cohort and the one before it; named by the vacancies' contact
// person. The figures that hang on the clock (a response due in the
// moments the command ran) are compared when the oracle is the same
// before and after it.
func TestReportByRecruiterEqualsTheFake(t *testing.T) {
	e := teamEnv(t)
	if err := appendFile(e.dir+"/cfg/hrdesk/config.toml", teamSLA); err != nil {
		t.Fatal(err)
	}
	before := teamOracleBy(e.srv, time.Now(), teamLimits, nil)
	code, out, errs := e.run("", "--scope", "company", "report", "--by", "recruiter", "--json")
	wants := teamOracleBy(e.srv, time.Now(), teamLimits, nil)
	if code != 0 {
		t.Fatalf("report --by recruiter --json: %s", errs)
	}
	var rows []recruiterJSON
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var ids []int64
	for _, r := range rows {
		ids = append(ids, r.RecruiterID)
	}
	if !slices.Equal(ids, []int64{7001, fakeapi.ColleagueUserID, fakeapi.ThirdUserID}) &&
		!slices.Equal(ids, []int64{7001, fakeapi.ColleagueUserID, fakeapi.ThirdUserID, 0}) {
		t.Fatalf("recruiters %v, want the three (and the unknown owner's last)", ids)
	}
	var inWindow, inBefore, pastThen, limited int
	for _, w := range wants {
		inWindow, inBefore = inWindow+w.cur.Responses, inBefore+w.prev.Responses
		pastThen, limited = pastThen+w.cur.PastLimit+w.prev.PastLimit, limited+w.near+w.past
	}
	if inWindow == 0 || inBefore == 0 || pastThen == 0 || limited == 0 {
		t.Fatalf("the fake's responses: %d in the window, %d before it, %d past the limit then, %d near or past it now; the comparison would compare nothing",
			inWindow, inBefore, pastThen, limited)
	}
	for _, r := range rows {
		w := wants[r.RecruiterID]
		if w == nil {
			t.Errorf("recruiter %d: not in the fake", r.RecruiterID)
			continue
		}
		name := ""
		if r.Name != nil {
			name = *r.Name
		}
		if name != w.name || r.Responses != w.responses || r.Inbox != w.inbox || r.Considered != w.considered ||
			r.Invited != w.invited || r.Refused != w.refused || r.Waiting != w.waiting {
			t.Errorf("recruiter %d: %q %d %d/%d/%d/%d waiting %d\n  fake: %q %d %d/%d/%d/%d waiting %d", r.RecruiterID, name,
				r.Responses, r.Inbox, r.Considered, r.Invited, r.Refused, r.Waiting,
				w.name, w.responses, w.inbox, w.considered, w.invited, w.refused, w.waiting)
		}
		sort.Slice(w.delays, func(i, j int) bool { return w.delays[i] < w.delays[j] })
		if n := len(w.delays); n == 0 && r.MedianHours != nil || n > 0 &&
			(r.MedianHours == nil || *r.MedianHours != math.Round(((w.delays[(n-1)/2]+w.delays[n/2])/2).Hours()*10)/10) {
			t.Errorf("recruiter %d: median %v, fake %v", r.RecruiterID, r.MedianHours, w.delays)
		}
		if !sameOracle(before[r.RecruiterID], w) {
			t.Logf("recruiter %d: a response fell due while the command ran; its cohort is not compared", r.RecruiterID)
			continue
		}
		if r.NearLimit != w.near || r.PastLimit != w.past {
			t.Errorf("recruiter %d: near %d past %d the stage's limit, fake %d %d", r.RecruiterID, r.NearLimit, r.PastLimit, w.near, w.past)
		}
		checkPeriod(t, "this window", r.RecruiterID, r.Period, w.cur, w.curDelays)
		checkPeriod(t, "the window before", r.RecruiterID, r.Previous, w.prev, w.prevDelays)
		if !sharesEqual(r.Answered, w.cur) {
			t.Errorf("recruiter %d: answered within %v, fake %v of %v", r.RecruiterID, r.Answered, w.cur.Answered, w.cur.Due)
		}
	}
}

// checkPeriod compares a row's period with the fake's cohort: every
// figure of issue 30 §3 (responses, the stages reached and their shares,
// waiting, past the limit, the median first action, the shares answered).
func checkPeriod(t *testing.T, which string, id int64, got periodJSON, w store.PeriodFigures, delays []time.Duration) {
	t.Helper()
	if got.Responses != w.Responses || got.Considered != w.Considered || got.Invited != w.Invited || got.Refused != w.Refused ||
		got.Waiting != w.Waiting || got.PastLimit != w.PastLimit || !sharesEqual(got.Answered, w) {
		t.Errorf("recruiter %d, %s: %+v\n  fake %+v", id, which, got, w)
	}
	if m := medianOf(delays); (m == nil) != (got.MedianHours == nil) || m != nil && *m != *got.MedianHours {
		t.Errorf("recruiter %d, %s: median first action %v h, fake %v", id, which, got.MedianHours, delays)
	}
	for stage, n := range map[string]int{"considered": w.Considered, "invited": w.Invited, "refused": w.Refused} {
		c, ok := got.Conversion[stage]
		switch {
		case !ok || (c == nil) != (w.Responses == 0):
			t.Errorf("recruiter %d, %s: conversion to %s %v of %d responses", id, which, stage, c, w.Responses)
		case c != nil && *c != math.Round(float64(n)*1000/float64(w.Responses))/1000:
			t.Errorf("recruiter %d, %s: conversion to %s %v, fake %d of %d", id, which, stage, *c, n, w.Responses)
		}
	}
}

// sharesEqual: the shares answered within 1, 3, 7 days are the cohort's.
func sharesEqual(got map[string]*float64, w store.PeriodFigures) bool {
	want := answeredShares(w)
	for k, v := range want {
		g, ok := got[k]
		if !ok || (g == nil) != (v == nil) || g != nil && *g != *v {
			return false
		}
	}
	return len(got) == len(want)
}

// The same figures as CSV and the table: a row per recruiter and a
// header of the documented columns; the table names each by the contact
// person, and [recruiters] in config.toml over it; --by refuses a word it
// does not know.
func TestReportByRecruiterAsCSVAndTable(t *testing.T) {
	e := teamEnv(t)
	code, out, errs := e.run("", "--scope", "company", "report", "--by", "recruiter", "--csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(recs) < 4 || !slices.Equal(recs[0], recruiterCSVHead) || recs[2][1] != "Пётр Коллегов" {
		t.Fatalf("--csv: %d %v %q %q", code, err, out, errs)
	}
	cfg := e.dir + "/cfg/hrdesk/config.toml"
	if err := appendFile(cfg, "\n[recruiters]\n7003 = \"Ольга (склад)\"\n"); err != nil {
		t.Fatal(err)
	}
	code, out, errs = e.run("", "--scope", "company", "report", "--by", "recruiter")
	if code != 0 || !strings.Contains(out, "Ольга (склад)") || strings.Contains(out, "Ольга Третьякова") ||
		!strings.Contains(out, "Пётр Коллегов") || !strings.Contains(out, "answered ≤ 3 days") {
		t.Errorf("the table:\n%s%s", out, errs)
	}
	if code, _, errs := e.run("", "report", "--by", "vacancy"); code != 2 || !strings.Contains(errs, `only "recruiter"`) {
		t.Errorf("--by vacancy: %d %q", code, errs)
	}
}

// appendFile adds text to the end of a file.
func appendFile(path, text string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
