package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/store"
)

// limitEnv is an env whose config sets [sla] (inbox 2d, considered 7d,
// invited 5d, the user folder "Резерв" 4d) and whose cache holds resumes
// waiting around those limits, dated from the real clock hours away from
// any edge.
func limitEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
	cfg := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	body := "requests_per_minute = 60000\n[[folders]]\nid = 1001\nname = \"Резерв\"\n[sla]\ninbox = \"2d\"\nconsidered = \"7d\"\ninvited = \"5d\"\n\"резерв\" = \"4d\"\n"
	if err := os.WriteFile(cfg, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	a := &app{env: config.EnvFromList(e.vars)}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Now()
	waited := func(id int64, folder string, d time.Duration) store.Entry {
		e := store.Entry{ResumeID: id, Scope: store.ScopeMine, Folder: folder, LastName: "R", FirstName: "x",
			Events: []store.Event{{VacancyID: 7, Type: 10, DateEvent: now.Add(-d)}}}
		if folder == "1001" {
			e.Folder, e.UserFolder = store.FolderInbox, "1001"
		}
		return e
	}
	h := time.Hour
	entries := []store.Entry{
		waited(1, store.FolderInbox, 24*h),        // within: 1 of 2 days
		waited(2, store.FolderInbox, 40*h),        // near: past 36 h
		waited(3, store.FolderInbox, 72*h),        // past
		waited(4, store.FolderConsidered, 240*h),  // past
		waited(5, store.FolderInvited, 100*h),     // near: past 90 h
		waited(6, store.FolderInvited, 60*h),      // within
		waited(7, store.FolderRefused, 2000*h),    // refused has no limit
		waited(8, "1001", 80*h),                   // near: past 72 h
		waited(9, "1001", 200*h),                  // past
		waited(10, store.FolderConsidered, 100*h), // within
	}
	if err := st.UpsertEntries(context.Background(), entries); err != nil {
		t.Fatal(err)
	}
	return e
}

// `search --past-limit` lists every resume past or near its stage's
// limit, user folders by their [sla] name too, oldest first (issue 30 §2).
func TestSearchPastLimit(t *testing.T) {
	e := limitEnv(t)
	code, out, errs := e.run("", "search", "--past-limit", "--json")
	if code != 0 {
		t.Fatalf("search --past-limit: %d %s", code, errs)
	}
	var got struct {
		Total int `json:"total"`
		Hits  []struct {
			ResumeID int64 `json:"resume_id"`
		} `json:"hits"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var ids []int64
	for _, h := range got.Hits {
		ids = append(ids, h.ResumeID)
	}
	if want := []int64{4, 9, 5, 8, 3, 2}; !slices.Equal(ids, want) || got.Total != len(want) {
		t.Errorf("--past-limit: %v (total %d), want %v, oldest first", ids, got.Total, want)
	}
}

// `report` counts per vacancy and in total the resumes near and past their
// stage's limit; `report --csv` heads a user folder by its name, not
// folder_1001 (issue 30 §2, §4).
func TestReportCountsLimitsAndNamesFolders(t *testing.T) {
	e := limitEnv(t)
	code, out, errs := e.run("", "report", "--json")
	var rows []struct {
		VacancyID *int64 `json:"vacancy_id"`
		Near      int    `json:"near_limit"`
		Past      int    `json:"past_limit"`
	}
	if err := json.Unmarshal([]byte(out), &rows); code != 0 || err != nil || len(rows) != 2 {
		t.Fatalf("report --json: %d %v %s\n%s", code, err, errs, out)
	}
	for _, r := range rows {
		if r.Near != 3 || r.Past != 3 {
			t.Errorf("vacancy %v: near %d, past %d; want 3 and 3 (2, 5, 8 near; 3, 4, 9 past)", r.VacancyID, r.Near, r.Past)
		}
	}
	code, out, errs = e.run("", "report", "--csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(recs) != 3 {
		t.Fatalf("report --csv: %d %v %s\n%s", code, err, errs, out)
	}
	head := strings.Join(recs[0], ",")
	if !slices.Contains(recs[0], "Резерв") || strings.Contains(head, "folder_") {
		t.Errorf("report --csv heads: %s", head)
	}
	col := slices.Index(recs[0], "past_limit")
	if col < 0 || recs[2][col] != "3" || recs[2][col-1] != "3" {
		t.Errorf("report --csv: the total's near and past limit: %v", recs[2])
	}
}
