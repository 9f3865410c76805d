package cli

import (
	"encoding/csv"
	"encoding/json"
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

type reportJSON struct {
	VacancyID   *int64         `json:"vacancy_id"`
	Title       string         `json:"title"`
	Total       bool           `json:"total"`
	Responses   int            `json:"responses"`
	Inbox       int            `json:"inbox"`
	Considered  int            `json:"considered"`
	Invited     int            `json:"invited"`
	Refused     int            `json:"refused"`
	Folders     map[string]int `json:"folders"`
	Waiting     int            `json:"waiting"`
	Stale       int            `json:"stale"`
	MedianHours *float64       `json:"median_first_action_hours"`
	PerDay      []struct {
		Date      string `json:"date"`
		Responses int    `json:"responses"`
	} `json:"per_day"`
	Period   periodJSON `json:"period"`
	Previous periodJSON `json:"previous"`
}

// ownLimits are a config's limits without [sla] or stale_after: the
// default's, Considered and Invited.
var ownLimits = store.Limits{store.FolderConsidered: config.DefaultStaleAfter, store.FolderInvited: config.DefaultStaleAfter}

// ownCohorts are the fake's own responses' cohorts, summed over owners.
func ownCohorts(e *env) teamWant {
	var sum teamWant
	for _, w := range teamOracleBy(e.srv, time.Now(), ownLimits, func(r fakeapi.ReceivedState) bool { return r.Own }) {
		for _, p := range [][2]*store.PeriodFigures{{&sum.cur, &w.cur}, {&sum.prev, &w.prev}} {
			to, from := p[0], p[1]
			to.Responses, to.Considered, to.Invited, to.Refused = to.Responses+from.Responses, to.Considered+from.Considered,
				to.Invited+from.Invited, to.Refused+from.Refused
			to.Waiting, to.PastLimit = to.Waiting+from.Waiting, to.PastLimit+from.PastLimit
			for i := range to.Answered {
				to.Answered[i], to.Due[i] = to.Answered[i]+from.Answered[i], to.Due[i]+from.Due[i]
			}
		}
		sum.curDelays = append(sum.curDelays, w.curDelays...)
		sum.prevDelays = append(sum.prevDelays, w.prevDelays...)
	}
	return sum
}

// TestReportEqualsTheFake: after a sync, `report --json` per vacancy and
// in total equals what the fake service holds: the entries per folder, the
// waiting ones, the responses of each of the last 30 days (by the newest
// response, in the local zone), the median time to the first action.
func TestReportEqualsTheFake(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	cohortsBefore := ownCohorts(e)
	code, out, errs := e.run("", "report", "--json")
	cohorts := ownCohorts(e)
	if code != 0 {
		t.Fatalf("report --json: %s", errs)
	}
	var rows []reportJSON
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rows) < 2 || !rows[len(rows)-1].Total || rows[len(rows)-1].VacancyID != nil {
		t.Fatalf("no total last: %s", out)
	}
	days := map[string]int{} // date → index
	for i, d := range rows[0].PerDay {
		days[d.Date] = i
	}
	if len(days) != 30 {
		t.Fatalf("%d days", len(days))
	}
	// The oracle, from the fake's own state: the demo user's entries.
	type want struct {
		folders               map[string]int
		waiting               int
		perDay                []int
		delays                []time.Duration
		responses, considered int
	}
	wants := map[int64]*want{}
	var total want
	total.perDay, total.folders = make([]int, 30), map[string]int{}
	for _, r := range e.srv.Received() {
		if !r.Own {
			continue
		}
		w := wants[r.VacancyID]
		if w == nil {
			w = &want{folders: map[string]int{}, perDay: make([]int, 30)}
			wants[r.VacancyID] = w
		}
		folder, _ := store.FolderForStatus(r.Status)
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
		for _, x := range []*want{w, &total} {
			x.folders[folder]++
			x.responses++
			if folder == store.FolderInbox && acted.IsZero() {
				x.waiting++
			}
			if i, ok := days[arrived.Local().Format(time.DateOnly)]; ok {
				x.perDay[i]++
				if !acted.IsZero() {
					x.delays = append(x.delays, acted.Sub(arrived).Truncate(time.Minute))
				}
			}
		}
	}
	check := func(name string, got reportJSON, w *want) {
		t.Helper()
		per := make([]int, len(got.PerDay))
		for i, d := range got.PerDay {
			per[i] = d.Responses
		}
		folders := map[string]int{store.FolderInbox: got.Inbox, store.FolderConsidered: got.Considered,
			store.FolderInvited: got.Invited, store.FolderRefused: got.Refused}
		for k, v := range folders {
			if v == 0 {
				delete(folders, k)
			}
		}
		if got.Responses != w.responses || !mapsEqual(folders, w.folders) || len(got.Folders) != 0 || got.Waiting != w.waiting || !slices.Equal(per, w.perDay) {
			t.Errorf("%s: report %d %v waiting %d per day %v\n fake %d %v waiting %d per day %v",
				name, got.Responses, folders, got.Waiting, per, w.responses, w.folders, w.waiting, w.perDay)
		}
		sort.Slice(w.delays, func(i, j int) bool { return w.delays[i] < w.delays[j] })
		switch n := len(w.delays); {
		case n == 0 && got.MedianHours != nil:
			t.Errorf("%s: a median %v of no first action", name, *got.MedianHours)
		case n > 0:
			m := (w.delays[(n-1)/2] + w.delays[n/2]) / 2
			if got.MedianHours == nil || *got.MedianHours != float64(int(m.Hours()*10+0.5))/10 {
				t.Errorf("%s: median %v h, fake %v", name, got.MedianHours, m)
			}
		}
	}
	seen := 0
	for _, r := range rows[:len(rows)-1] {
		if w := wants[*r.VacancyID]; w != nil {
			check(r.Title, r, w)
			seen++
		} else if r.Responses != 0 {
			t.Errorf("vacancy %d: %d responses the fake does not have", *r.VacancyID, r.Responses)
		}
	}
	if seen != len(wants) {
		t.Errorf("%d vacancies in the report, %d in the fake", seen, len(wants))
	}
	check("total", rows[len(rows)-1], &total)

	// The window's cohort and the span before's, every figure of issue 30
	// §3 beside its previous one, as the fake counts them (unless one fell
	// due while the command ran).
	if !sameOracle(&cohortsBefore, &cohorts) {
		t.Log("a response fell due while the command ran: the cohorts are not compared")
	} else {
		if cohorts.cur.Responses == 0 || cohorts.prev.Responses == 0 {
			t.Fatalf("the fake's own responses: %d in the window, %d before; the comparison compares nothing", cohorts.cur.Responses, cohorts.prev.Responses)
		}
		checkPeriod(t, "this window", 0, rows[len(rows)-1].Period, cohorts.cur, cohorts.curDelays)
		checkPeriod(t, "the window before", 0, rows[len(rows)-1].Previous, cohorts.prev, cohorts.prevDelays)
	}
	// The same as CSV: period_… and previous_… beside each other.
	_, out, errs = e.run("", "report", "--csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != len(rows)+1 {
		t.Fatalf("report --csv: %v %d rows\n%s%s", err, len(recs), out, errs)
	}
	if after := ownCohorts(e); sameOracle(&cohorts, &after) {
		cell := func(name string) string {
			if i := slices.Index(recs[0], name); i >= 0 {
				return recs[len(recs)-1][i]
			}
			return "no column " + name
		}
		tot := rows[len(rows)-1]
		for _, p := range []struct {
			prefix string
			p      periodJSON
		}{{"period_", tot.Period}, {"previous_", tot.Previous}} {
			for name, n := range map[string]int{"responses": p.p.Responses, "considered": p.p.Considered, "invited": p.p.Invited,
				"refused": p.p.Refused, "waiting": p.p.Waiting, "past_limit": p.p.PastLimit} {
				if got := cell(p.prefix + name); got != strconv.Itoa(n) {
					t.Errorf("report --csv: the total's %s%s %q, JSON %d", p.prefix, name, got, n)
				}
			}
			if got, want := cell(p.prefix+"answered_within_3_days"), p.p.Answered["3"]; want != nil && got != strconv.FormatFloat(*want, 'f', -1, 64) || want == nil && got != "" {
				t.Errorf("report --csv: the total's %sanswered_within_3_days %q, JSON %v", p.prefix, got, want)
			}
		}
	}

	// The table: a row a vacancy, the total, a sparkline.
	_, out, _ = e.run("", "report")
	if !strings.Contains(out, "Total") || !strings.ContainsAny(out, "▁▂▃▄▅▆▇█") || len(strings.Split(strings.TrimSpace(out), "\n")) != len(rows)+2+comparisonLines ||
		!strings.Contains(out, "answered ≤ 3 days") {
		t.Errorf("report:\n%s", out)
	}
	// One vacancy, a week, as CSV.
	id := *rows[0].VacancyID
	_, out, errs = e.run("", "report", "--csv", "--since", "7d", "--vacancy", strings.TrimSpace(jsonInt(id)))
	recs, err = csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != 3 || recs[1][0] != jsonInt(id) || len(recs[0]) != 12+2+2*10+7 { // + near_limit, past_limit (issue 30 §2), period_… and previous_… (§3)
		t.Errorf("report --csv --since 7d --vacancy %d: %v %v\n%s%s", id, err, recs, out, errs)
	}
	for _, bad := range [][]string{{"report", "--since", "tomorrow"}, {"report", "--json", "--csv"}, {"report", "x"}} {
		if code, _, _ := e.run("", bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

// comparisonLines are the lines of the window against the span before
// under the table (issue 30 §3): the heading, the heads, eight figures and
// the cohort's conversion.
const comparisonLines = 11

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
