package resumelist

import (
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/views/criteria"
)

var listNow = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// applicants are rows of several folders: Boris waits in Considered for
// ten days (stale), Clara applied before (a repeat applicant).
func applicants() *rows {
	old := listNow.Add(-10 * 24 * time.Hour)
	return &rows{all: []store.EntryRow{
		{ResumeID: 1, DisplayName: "Anna", Folder: "inbox", ServerFolder: "inbox", Salary: 90000, Currency: "rub", LastEventAt: listNow},
		{ResumeID: 2, DisplayName: "Boris", Folder: "considered", ServerFolder: "considered", Salary: 50000, Currency: "rub", LastEventAt: old},
		{ResumeID: 3, DisplayName: "Clara", Folder: "invited", ServerFolder: "invited", Salary: 70000, Currency: "rub", LastEventAt: listNow},
	}, repeat: map[int64]bool{3: true}}
}

func narrowList(t *testing.T, lang i18n.Lang, w, h int) (*Model, *rows) {
	t.Helper()
	src := applicants()
	c := panetest.Plain(lang, panetest.Clock(func() time.Time { return listNow }))
	m := New(c, src)
	m.SetSize(w, h)
	m.Focus()
	drain(t, m, m.ShowFolder("inbox", "Inbox"))
	return m, src
}

// lines checks the pane is exactly w×h and returns its lines, plain.
func lines(t *testing.T, m *Model, w, h int) []string {
	t.Helper()
	out := strings.Split(ansi.Strip(m.View()), "\n")
	if len(out) != h {
		t.Fatalf("%d lines, want %d", len(out), h)
	}
	for i, l := range out {
		if ansi.StringWidth(l) != w {
			t.Fatalf("line %d is %d wide, want %d: %q", i, ansi.StringWidth(l), w, l)
		}
	}
	return out
}

// Filters show as chips above the header, with the keys that add and
// remove them; the rows move down a line; the last chip comes off first.
func TestChipsAboveTheList(t *testing.T) {
	m, _ := narrowList(t, i18n.EN, 90, 6)
	if out := lines(t, m, 90, 6); strings.Contains(out[0], "[") {
		t.Fatalf("chips with no filter:\n%s", strings.Join(out, "\n"))
	}
	drain(t, m, m.SetCriteria(criteria.Set{OnlyNew: true, SalaryFrom: 80000}))
	out := lines(t, m, 90, 6)
	if !strings.Contains(out[0], "[salary from 80,000] [new only]") || !strings.Contains(out[0], "F filters · backspace removes") ||
		!strings.Contains(out[1], "Name") || m.rowsVisible() != 4 {
		t.Errorf("chips:\n%s", strings.Join(out, "\n"))
	}
	if q := m.Query(); !q.OnlyNew || q.SalaryFrom != 80000 || q.Folder != "inbox" {
		t.Errorf("the query does not narrow: %+v", q)
	}
	drain(t, m, m.RemoveLastFilter())
	if s := m.Criteria(); s.OnlyNew || s.SalaryFrom != 80000 {
		t.Errorf("backspace took off the wrong chip: %+v", s)
	}
	for _, w := range []int{30, 60, 120} {
		m.SetSize(w, 8)
		lines(t, m, w, 8)
	}
}

// The column sorted by shows at any width, with the order on it.
func TestSortedColumnShown(t *testing.T) {
	m, _ := narrowList(t, i18n.EN, 60, 6) // too narrow for salary by default
	if out := lines(t, m, 60, 6); strings.Contains(out[0], "Salary") || !strings.Contains(out[0], "Date↓") {
		t.Fatalf("header:\n%s", out[0])
	}
	drain(t, m, m.CycleSort())
	out := lines(t, m, 60, 6)
	if !strings.Contains(out[0], "Salary↓") || !strings.Contains(strings.Join(out, "\n"), "90,000 RUB") {
		t.Errorf("sorted by salary without its column:\n%s", strings.Join(out, "\n"))
	}
	drain(t, m, m.ReverseSort())
	if out := lines(t, m, 60, 6); !strings.Contains(out[0], "Salary↑") {
		t.Errorf("ascending not shown:\n%s", out[0])
	}
}

// Searching every folder names each row's folder, in the UI's language.
func TestEverywhereNamesTheFolder(t *testing.T) {
	m, _ := narrowList(t, i18n.RU, 80, 6)
	drain(t, m, m.SetEverywhere(true))
	if q := m.Query(); q.Folder != "" || !m.Everywhere() {
		t.Fatalf("query %+v", q)
	}
	out := strings.Join(lines(t, m, 80, 6), "\n")
	f := i18n.For(i18n.RU).Folders
	for _, want := range []string{"Папка", f.Inbox, f.Considered, f.Invited} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
	if !strings.HasPrefix(m.Title(), "Все папки") || !strings.Contains(m.Narrowing(), "совпадений: 3") {
		t.Errorf("title %q, narrowing %q", m.Title(), m.Narrowing())
	}
	drain(t, m, m.ShowFolder("refused", "Отказ"))
	if m.Everywhere() {
		t.Error("a folder key still searches every folder")
	}
}

// Stale candidates and repeat applicants are marked; the repeat counts
// came with the page.
func TestStaleAndRepeatMarkers(t *testing.T) {
	m, _ := narrowList(t, i18n.EN, 80, 6)
	m.SetStaleAfter(7 * 24 * time.Hour)
	drain(t, m, m.SetEverywhere(true))
	out := lines(t, m, 80, 6)
	marks := map[string]string{}
	for _, l := range out[1:4] {
		r := []rune(l)
		marks[strings.Fields(string(r[5:]))[0]] = string(r[:5])
	}
	if marks["Boris"] != "  ◷  " || marks["Clara"] != "   ↻ " || marks["Anna"] != "     " {
		t.Errorf("markers %q\n%s", marks, strings.Join(out, "\n"))
	}
}

// A click lands on the row under it, chips or not.
func TestClickBelowTheChips(t *testing.T) {
	m, _ := narrowList(t, i18n.EN, 80, 8)
	drain(t, m, m.SetEverywhere(true))
	drain(t, m, m.SetCriteria(criteria.Set{SalaryTo: 100000}))
	if _, cmd := m.ClickLine(1); cmd != nil || m.pos.Cursor != 0 {
		t.Error("a click on the header moved the cursor")
	}
	m.ClickLine(4) // chips, header, Anna, Boris, Clara
	if r, _ := m.Selected(); r.DisplayName != "Clara" {
		t.Errorf("clicked %q", r.DisplayName)
	}
}

// A folder's rows come before its count: the first load asks for the
// rows on screen only; a full screenful then asks for the rest of the page
// and the count (issue 22 §2: the count need not wait for rows below the
// screen), a short one is the count, and the count a search started with
// its screenful is ended unasked.
func TestPageFirstCountAfter(t *testing.T) {
	many := make([]string, PageSize+5)
	for i := range many {
		many[i] = "x"
	}
	src := &rows{all: people(many...)}
	m := newList(t, src)
	cmd := m.SetQuery(store.ListQuery{}) // the folder whole: a search counts with its screenful (head_test.go)
	first, ok := cmd().(PageMsg)
	if !ok || first.Page != 0 {
		t.Fatalf("the first load is %#v, want page 0", first)
	}
	_, next := m.Update(first)
	if _, known := m.Total(); known || len(m.View()) == 0 || src.counted != 0 {
		t.Fatal("the total is known before it was counted")
	}
	drain(t, m, next)
	if n, known := m.Total(); !known || n != PageSize+5 || src.counted != 1 {
		t.Errorf("total %d %v after %d counts", n, known, src.counted)
	}
	src.all = src.all[:3] // fewer than the 5 rows on screen
	drain(t, m, m.SetQuery(store.ListQuery{Search: "xy"}))
	if n, _ := m.Total(); n != 3 || src.counted != 1 {
		t.Errorf("a short screenful: total %d after %d counts, want 3 after none more", n, src.counted)
	}
	if err := m.Err(); err != nil {
		t.Errorf("the count the short screenful ended shows as %v", err)
	}
}

// The folder's stale count stands beside the folder's total, never beside
// a filtered one it is not part of.
func TestStaleCountInTitle(t *testing.T) {
	m, _ := narrowList(t, i18n.EN, 80, 6)
	m.SetFolderStale(12)
	if got := m.Title(); got != "Inbox · 3 resumes · 12 stale" {
		t.Errorf("title %q", got)
	}
	drain(t, m, m.SetCriteria(criteria.Set{OnlyNew: true}))
	if got := m.Title(); strings.Contains(got, "stale") {
		t.Errorf("filtered title %q", got)
	}
}
