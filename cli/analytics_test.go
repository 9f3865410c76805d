package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"hrdesk/fakeapi"
	"hrdesk/store"
)

// fakeResponse is a received resume's response and first action as the
// fake's own events say (migration 12's rule: the newest response event,
// the first action at or after it; on equal times the later response and
// the earlier action in the service's order).
func fakeResponse(r fakeapi.ReceivedState) (arrived time.Time, arrival int, acted time.Time, action int) {
	for _, ev := range r.Events {
		if slices.Contains(store.ResponseTypes, ev.Type) && !ev.At.Before(arrived) {
			arrived, arrival = ev.At, ev.Type
		}
	}
	for _, ev := range r.Events {
		if slices.Contains(store.ActionTypes, ev.Type) && !ev.At.Before(arrived) && (acted.IsZero() || ev.At.Before(acted)) {
			acted, action = ev.At, ev.Type
		}
	}
	return arrived, arrival, acted, action
}

type exportedAnalytics struct {
	ResumeID      int64      `json:"resume_id"`
	VacancyID     *int64     `json:"vacancy_id"`
	ResponseDate  *time.Time `json:"response_date"`
	VacancyTitle  string     `json:"vacancy_title"`
	Source        *string    `json:"source"`
	RecruiterID   *int64     `json:"recruiter_id"`
	FirstAction   *string    `json:"first_action"`
	FirstActionAt *time.Time `json:"first_action_at"`
}

// The export's columns for analytics equal the fake's own state (issue 30
// §4): in company scope with a colleague's vacancy, each resume's response
// date and source, its first action and when, its vacancy's title and
// owner.
func TestExportAnalyticsEqualsTheFake(t *testing.T) {
	e := newEnv(t)
	e.login()
	var theirs []int64
	for _, r := range e.srv.Received() {
		if !r.Own && len(theirs) < 3 {
			theirs = append(theirs, r.ResumeID)
		}
	}
	colleagues := e.srv.AddColleagueVacancy("Курьер", 1, theirs...)
	if code, out, errs := e.run("", "--scope", "company", "sync"); code != 0 {
		t.Fatalf("company sync: %q %q", out, errs)
	}
	code, out, errs := e.run("", "--scope", "company", "export")
	var got []exportedAnalytics
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("export: %d %v %s", code, err, errs)
	}
	byID := map[int64]exportedAnalytics{}
	for _, g := range got {
		byID[g.ResumeID] = g
	}
	seen := map[string]int{}
	for _, r := range e.srv.Received() {
		g, ok := byID[r.ResumeID]
		if !ok {
			t.Errorf("resume %d is not exported", r.ResumeID)
			continue
		}
		arrived, arrival, acted, action := fakeResponse(r)
		if arrival == 0 {
			if g.ResponseDate != nil || g.Source != nil {
				t.Errorf("resume %d: response %v %v, the fake has none", r.ResumeID, g.ResponseDate, g.Source)
			}
		} else if g.ResponseDate == nil || !g.ResponseDate.Equal(arrived) || g.Source == nil || *g.Source != sourceOf(arrival) {
			t.Errorf("resume %d: response %v %v, the fake's %v by %d", r.ResumeID, g.ResponseDate, g.Source, arrived, arrival)
		}
		if acted.IsZero() != (g.FirstAction == nil) || g.FirstAction != nil && (*g.FirstAction != eventName(action) || !g.FirstActionAt.Equal(acted)) {
			t.Errorf("resume %d: first action %v at %v, the fake's %d at %v", r.ResumeID, g.FirstAction, g.FirstActionAt, action, acted)
		}
		var owner int64 // none: not a response to a vacancy the fake has
		title := ""
		if v, ok := e.srv.Vacancy(r.VacancyID); ok && r.VacancyID != 0 {
			title, _ = v["profession"].(string)
			owner, _ = v["id_user"].(int64)
			if n, ok := v["id_user"].(int); ok {
				owner = int64(n)
			}
		}
		if (g.RecruiterID == nil) != (owner == 0) || g.RecruiterID != nil && *g.RecruiterID != owner || g.VacancyTitle != title {
			t.Errorf("resume %d: vacancy %q of %v, the fake's %q of %d", r.ResumeID, g.VacancyTitle, g.RecruiterID, title, owner)
		}
		if r.VacancyID == colleagues && owner == 7001 {
			t.Errorf("the colleague's vacancy %d is owned by the demo user", colleagues)
		}
		if g.Source != nil {
			seen[*g.Source]++
		}
		if g.FirstAction != nil {
			seen[*g.FirstAction]++
		}
	}
	if len(seen) < 3 || seen["applicant"] == 0 {
		t.Errorf("the fixture shows too few kinds to compare: %v", seen)
	}
}

type exportedEventRow struct {
	ResumeID    int64     `json:"resume_id"`
	Type        int       `json:"type"`
	TypeName    string    `json:"type_name"`
	At          time.Time `json:"at"`
	FolderAfter *string   `json:"folder_after"`
	Name        *string   `json:"name"`
	Text        *string   `json:"text"`
}

// `export --events` writes every event of the fake's own resumes in time
// order, each named; the folder after the newest event that changes it is
// the list the fake serves the resume in. No name or text unless
// --with-contacts.
func TestExportEventsEqualsTheFake(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	for _, contacts := range []bool{false, true} {
		args := []string{"export", "--events"}
		if contacts {
			args = append(args, "--with-contacts")
		}
		code, out, errs := e.run("", args...)
		var rows []exportedEventRow
		if err := json.Unmarshal([]byte(out), &rows); code != 0 || err != nil {
			t.Fatalf("%v: %d %v %s", args, code, err, errs)
		}
		if contacts != strings.Contains(out, `"name"`) || contacts != strings.Contains(out, `"text"`) {
			t.Errorf("%v: name and text present %v, want %v", args, !contacts, contacts)
		}
		byResume := map[int64][]exportedEventRow{}
		for _, r := range rows {
			byResume[r.ResumeID] = append(byResume[r.ResumeID], r)
			if r.TypeName != eventName(r.Type) {
				t.Errorf("resume %d: type %d named %q", r.ResumeID, r.Type, r.TypeName)
			}
		}
		own := 0
		for _, r := range e.srv.Received() {
			if !r.Own {
				continue
			}
			own++
			want := slices.Clone(r.Events)
			sort.SliceStable(want, func(i, j int) bool { return want[i].At.Before(want[j].At) })
			got := byResume[r.ResumeID]
			if len(got) != len(want) {
				t.Errorf("resume %d: %d events, the fake has %d", r.ResumeID, len(got), len(want))
				continue
			}
			for i := range want {
				if got[i].Type != want[i].Type || !got[i].At.Equal(want[i].At) {
					t.Errorf("resume %d, event %d: %d at %v, the fake's %d at %v", r.ResumeID, i, got[i].Type, got[i].At, want[i].Type, want[i].At)
				}
			}
			folder, _ := store.FolderForStatus(r.Status)
			if last := got[len(got)-1]; r.UserFolder == "" && (last.FolderAfter == nil || *last.FolderAfter != folder) {
				t.Errorf("resume %d: after its events in %v, the fake serves it in %s", r.ResumeID, last.FolderAfter, folder)
			}
		}
		if own == 0 || len(byResume) != own {
			t.Errorf("%d resumes' events exported, the fake has %d own", len(byResume), own)
		}
	}
}

// `report --json` counts per vacancy the resumes near and past their
// stage's limit as the fake's own state says (each resume's list and
// newest event); a resume that would change side between the clock read
// before the report and after it leaves its vacancy unchecked.
func TestReportLimitsEqualTheFake(t *testing.T) {
	e := newEnv(t)
	cfg := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	if err := os.WriteFile(cfg, []byte("requests_per_minute = 60000\n[sla]\ninbox = \"2d\"\nconsidered = \"20d\"\ninvited = \"5d\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	before := time.Now()
	code, out, errs := e.run("", "report", "--json")
	after := time.Now()
	var rows []struct {
		VacancyID *int64 `json:"vacancy_id"`
		NearLimit int    `json:"near_limit"`
		PastLimit int    `json:"past_limit"`
	}
	if err := json.Unmarshal([]byte(out), &rows); code != 0 || err != nil || len(rows) == 0 {
		t.Fatalf("report: %d %v %s", code, err, errs)
	}
	limits := store.Limits{"inbox": 48 * time.Hour, "considered": 480 * time.Hour, "invited": 120 * time.Hour}
	type count struct{ near, past int }
	want, unsure := map[int64]*count{}, map[int64]bool{}
	for _, r := range e.srv.Received() {
		if !r.Own {
			continue
		}
		folder, _ := store.FolderForStatus(r.Status)
		row := store.EntryRow{Folder: folder, ServerFolder: folder}
		for _, ev := range r.Events {
			if ev.At.After(row.LastEventAt) {
				row.LastEventAt = ev.At
			}
		}
		if want[r.VacancyID] == nil {
			want[r.VacancyID] = &count{}
		}
		m := limits.Mark(row, before)
		if m != limits.Mark(row, after) || r.UserFolder != "" {
			unsure[r.VacancyID] = true
		}
		switch m {
		case store.NearLimit:
			want[r.VacancyID].near++
		case store.PastLimit:
			want[r.VacancyID].past++
		}
	}
	checked, marked := 0, 0
	for _, g := range rows {
		if g.VacancyID == nil || unsure[*g.VacancyID] {
			continue
		}
		w := want[*g.VacancyID]
		if w == nil || g.NearLimit != w.near || g.PastLimit != w.past {
			t.Errorf("vacancy %d: near %d, past %d; the fake's %+v", *g.VacancyID, g.NearLimit, g.PastLimit, w)
			continue
		}
		checked++
		marked += w.near + w.past
	}
	if checked == 0 || marked == 0 {
		t.Errorf("nothing compared: %d vacancies, %d marked", checked, marked)
	}
}
