package cli

import (
	"context"
	"encoding/json"
	"hrdesk/config"
	"hrdesk/i18n"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/ui"
)

// What narrows the workstation's list, against the fake through the real
// backend, agreeing with `hrdesk search`: the filter dialog, search in
// every folder, a saved view from config.toml, stale counts and a repeat
// applicant's other applications (issue 11 §1, §2, §5, §6).
func TestWorkstationNarrowingAgainstTheFake(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	cfg := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte("[[views]]\nname = \"Waiting\"\nkey = \"w\"\nfolder = \"considered\"\nstale = true\nsort = \"salary\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	m, st := narrowWorkstation(t, e)
	screen := func() string { return ansi.Strip(m.View().Content) }

	// New only in the inbox: the filter dialog's sixth row.
	keys(t, m, "F", "down", "down", "down", "down", "down", "space", "enter")
	if want := searchTotal(t, e, "--new", "--folder", "inbox"); !strings.Contains(screen(), "[new only]") ||
		!strings.Contains(screen(), "Inbox · "+matches(want)) { // F writes the / line (issue 31 §2): its count
		t.Errorf("new only: the search finds %d\n%s", want, screen())
	}
	if !strings.Contains(screen(), "· +1 filter") || strings.Contains(screen(), "+1 filters") {
		t.Errorf("one chip beyond the line is not said as one:\n%s", screen())
	}
	keys(t, m, "backspace")

	// A surname from another folder: none in the inbox, found in every folder.
	// (Not every refused entry carries a name: take the newest that does.)
	rows, err := st.ListEntries(context.Background(), store.ListQuery{Folder: store.FolderRefused, Scope: store.ScopeMine})
	surname := ""
	for _, r := range rows {
		if r.LastName != "" {
			surname = r.LastName
			break
		}
	}
	if err != nil || surname == "" {
		t.Fatalf("no refused resume with a name: %v %v", rows, err)
	}
	keys(t, m, "/")
	for _, r := range surname {
		keys(t, m, string(r))
	}
	keys(t, m, "ctrl+g")
	if want := searchTotal(t, e, surname); want == 0 || !strings.Contains(screen(), "All folders · "+matches(want)) {
		t.Errorf("%s in every folder: the search finds %d\n%s", surname, want, screen())
	}
	keys(t, m, "esc")

	// The saved view: stale candidates in Considered, highest salary first,
	// as many as the folders pane counts and the search finds.
	keys(t, m, "w")
	want := searchTotal(t, e, "--stale", "--folder", "considered")
	stale, _ := st.StaleCounts(context.Background(), store.ScopeMine, nowMinusStale(e))
	out := screen()
	if want == 0 || stale[store.FolderConsidered] != want || !strings.Contains(out, "Considered · "+resumes(want)) ||
		!strings.Contains(out, "[stale]") || !strings.Contains(out, "Salary↓") || !strings.Contains(out, "view: Waiting") {
		t.Errorf("saved view: search %d, cache %d\n%s", want, stale[store.FolderConsidered], out)
	}

	// A repeat applicant in the inbox: marked, and their history lists the
	// other applications. The view's chip and order stay on another folder
	// until taken off.
	keys(t, m, "1", "backspace", "s", "s")
	if out := screen(); strings.Contains(out, "[stale]") || !strings.Contains(out, "Date↓") {
		t.Fatalf("the inbox by date, unfiltered:\n%s", out)
	}
	inbox, _ := st.ListEntries(context.Background(), store.ListQuery{Folder: store.FolderInbox, Scope: store.ScopeMine, Limit: 30})
	ids := make([]int64, len(inbox))
	for i, r := range inbox {
		ids[i] = r.ResumeID
	}
	repeats, _ := st.RepeatCounts(context.Background(), ids)
	at := -1
	for i, id := range ids {
		if repeats[id] > 0 {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatal("the fake's inbox has no repeat applicant on its first page")
	}
	if !strings.Contains(screen(), "↻") {
		t.Errorf("no repeat marker:\n%s", screen())
	}
	for range at {
		keys(t, m, "j")
	}
	keys(t, m, "enter", "tab")
	if !strings.Contains(screen(), "Other applications") {
		t.Errorf("the history of a repeat applicant (row %d):\n%s", at, screen())
	}
}

// narrowWorkstation is the workstation as `hrdesk` builds it: the
// profile's scope, stale_after and saved views.
func narrowWorkstation(t *testing.T, e *env) (*ui.Model, *store.Store) {
	t.Helper()
	a, st, w := profileWorkspace(t, e)
	built, err := a.workstationOptions(t, nil)
	if err != nil || len(built.Views) != 1 {
		t.Fatalf("views %v: %v", built.Views, err)
	}
	m := ui.New(a.profile().Scoped(st), w.Backend(nil), ui.Options{Common: built.Common, ThemeOptions: built.ThemeOptions, MeterEvery: -1,
		DetailDelay: -1, StaleAfter: a.cfg.StaleAfterDuration(), Views: built.Views})
	drain(t, m, m.Init())
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	drain(t, m, cmd)
	return m, st
}

// searchTotal is how many resumes `hrdesk search` finds with args.
func searchTotal(t *testing.T, e *env, args ...string) int {
	t.Helper()
	code, out, errs := e.run("", append([]string{"search", "--json", "--limit", "1"}, args...)...)
	if code != 0 {
		t.Fatalf("search %v: %s", args, errs)
	}
	var res struct{ Total int }
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	return res.Total
}

func resumes(n int) string { return i18n.For(i18n.EN).Resumes(n) }
func matches(n int) string { return i18n.For(i18n.EN).Matches(n) }

// nowMinusStale is the stale line of e's profile: stale_after ago.
func nowMinusStale(*env) time.Time { return time.Now().Add(-config.DefaultStaleAfter) }

// A saved view on a key the keymap uses is refused, naming both.
func TestSavedViewKeyTaken(t *testing.T) {
	e := newEnv(t)
	cfg := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte("[[views]]\nname = \"Sorted\"\nkey = \"s\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	a, _, _ := profileWorkspace(t, e)
	if _, err := a.workstationOptions(t, nil); err == nil || !strings.Contains(err.Error(), `config [[views]] "Sorted": key "s" is already sort`) {
		t.Errorf("%v", err)
	}
}
