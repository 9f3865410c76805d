package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/views/criteria"
)

// A mistake on the `/` line at both sizes in both languages (issue 31
// §2): the line's own (an unknown field: the list keeps the last valid
// text's rows) and the list's (a folder nothing is named).
func TestGoldenQueryErrors(t *testing.T) {
	st := repeatFixture(t)
	// Typed, then pasted: the paste makes the mistake at once.
	lines := map[string][2]string{
		"unknown_field":  {"Фам", " zp>1"},
		"unknown_folder": {"", "folder:архив"},
		"field_name":     {"Фам", " sal"}, // not searched: the hint under the line
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, sz := range [][2]int{{80, 24}, {140, 40}} {
			for name, line := range lines {
				t.Run(fmt.Sprintf("%s_%v_%dx%d", name, lang, sz[0], sz[1]), func(t *testing.T) {
					m := newModelIn(t, st, lang, sz[0], sz[1])
					press(t, m, "/")
					typeText(t, m, line[0])
					send(t, m, tea.PasteMsg{Content: line[1]})
					golden.RequireEqual(t, []byte(screen(m)))
				})
			}
		}
	}
}

// The list keeps its last valid result under a mistaken line, and the
// line keeps every character typed; mended, the query narrows at once:
// words and a field together.
func TestQueryLineKeepsTheLastResult(t *testing.T) {
	st := repeatFixture(t)
	m := newModelIn(t, st, i18n.EN, 120, 30)
	press(t, m, "/")
	typeText(t, m, "Водитель")
	list := m.triage.List()
	want, _ := list.Total()
	if want < 2 || list.Query().Search != "Водитель" {
		t.Fatalf("Водитель finds %d (%q)", want, list.Query().Search)
	}
	send(t, m, tea.PasteMsg{Content: " zp>1"})
	out := screen(m)
	if n, _ := list.Total(); n != want || list.Query().Search != "Водитель" {
		t.Errorf("a mistake changed the list: %d rows, search %q", n, list.Query().Search)
	}
	if !strings.Contains(out, "Водитель zp>1") || !strings.Contains(out, `^ unknown field "zp"`) {
		t.Errorf("the mistake is not said under the line:\n%s", out)
	}
	press(t, m, "backspace", "backspace", "backspace", "backspace")
	typeText(t, m, "salary>=100000")
	q, err := list.StoreQuery()
	if err != nil || q.SalaryFrom != 100000 || list.Query().Search != "Водитель salary>=100000" {
		t.Fatalf("mended: %+v %v", q, err)
	}
	if n, _ := list.Total(); n == 0 || n >= want {
		t.Errorf("salary>=100000 leaves %d of %d", n, want)
	}
	if strings.Contains(screen(m), "unknown field") {
		t.Errorf("the mistake stays once mended:\n%s", screen(m))
	}
	// A folder nothing is named: the list's mistake, said alike.
	press(t, m, "esc", "/")
	send(t, m, tea.PasteMsg{Content: "folder:архив"})
	if out := screen(m); !strings.Contains(out, `^ no folder named "архив"`) || list.Query().Search != "" {
		t.Errorf("an unknown folder (search %q):\n%s", list.Query().Search, out)
	}
}

// A saved view's query (config's `query`) is the `/` line's text when the
// view is shown, ANDed with the view's other keys; a view naming what
// nothing is shows its mistake and keeps the search it had.
func TestSavedViewQuery(t *testing.T) {
	st := repeatFixture(t)
	views := []criteria.View{
		{Name: "Quiet", Key: key.NewBinding(key.WithKeys("w")), Folder: store.FolderInbox,
			Set: criteria.Set{AgeFrom: 21}, Query: "salary>=60000 -has:comment"},
		{Name: "Archive", Key: key.NewBinding(key.WithKeys("W")), Folder: store.FolderInbox, Query: "folder:архив"},
	}
	ctx := context.Background()
	rows, err := st.ListEntries(ctx, store.ListQuery{Folder: store.FolderInbox, SalaryFrom: 60000, AgeFrom: 21, Limit: 1000})
	if err != nil || len(rows) < 2 {
		t.Fatalf("the fixture's inbox has %d such rows (%v)", len(rows), err)
	}
	// One of them commented on: -has:comment leaves it out.
	if err := st.ReplaceComments(ctx, rows[0].ResumeID, []store.Comment{{ID: 1, ResumeID: rows[0].ResumeID, Text: "звонил", Date: testNow}}); err != nil {
		t.Fatal(err)
	}
	m := newModelIn(t, st, i18n.EN, 120, 30, views...)
	press(t, m, "w")
	list := m.triage.List()
	q, err := list.StoreQuery()
	if err != nil || q.SalaryFrom != 60000 || q.AgeFrom != 21 || q.Filter == nil || !q.Filter.All[0][0].Not ||
		q.Filter.All[0][0].Kind != store.CondHasComment {
		t.Fatalf("the view's query: %+v (filter %+v) %v", q, q.Filter, err)
	}
	out := screen(m)
	if !strings.Contains(out, "salary>=60000 -has:comment") {
		t.Errorf("the view's query is not on the line:\n%s", out)
	}
	if n, _ := list.Total(); n != len(rows)-1 {
		t.Errorf("the view lists %d, the cache holds %d such without a comment", n, len(rows)-1)
	}
	press(t, m, "W")
	if out := screen(m); !strings.Contains(out, `no folder named "архив"`) || list.Query().Search != "salary>=60000 -has:comment" {
		t.Errorf("a view naming no folder (search %q):\n%s", list.Query().Search, out)
	}
}

// The filter dialog's choices, the chips and the line are one query
// (issue 31 §2): F opens with the line's salary and new terms marked;
// applied, the line says its choices then its words, the chips say them
// and the list selects the same; a salary changed in the dialog is
// changed on the line; -has:comment typed is a chip, and backspace takes
// it off the line; a cancelled dialog leaves the line as it was.
func TestFilterDialogWritesTheLine(t *testing.T) {
	m := newModelIn(t, repeatFixture(t), i18n.EN, 120, 40)
	press(t, m, "/")
	send(t, m, tea.PasteMsg{Content: "Повар salary>=50000 new"})
	press(t, m, "enter")
	list := m.triage.List()
	before, _ := list.Total()
	press(t, m, "F")
	if out := screen(m); !strings.Contains(out, "50000-") {
		t.Errorf("the dialog does not offer the line's salary:\n%s", out)
	}
	press(t, m, "enter")
	if s := list.Criteria(); s.SalaryFrom != 50000 || !s.OnlyNew || list.Query().Search != "salary>=50000 new Повар " {
		t.Fatalf("applied: chips %+v, line %q", s, list.Query().Search)
	}
	out := screen(m)
	if !strings.Contains(out, "[salary from 50,000] [new only]") || !strings.Contains(out, "salary>=50000 new Повар") {
		t.Errorf("the chips or the line do not say the dialog's choices:\n%s", out)
	}
	if after, _ := list.Total(); after != before || before == 0 {
		t.Errorf("the line written selects %d, the line typed selected %d", after, before)
	}
	press(t, m, "F", "down", "down", "down", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace")
	press(t, m, "6", "0", "0", "0", "0", "-", "enter")
	if got := list.Query().Search; got != "salary>=60000 new Повар " || !strings.Contains(screen(m), "[salary from 60,000]") {
		t.Fatalf("a salary picked: the line %q\n%s", got, screen(m))
	}
	press(t, m, "/")
	typeText(t, m, "-has:comment")
	press(t, m, "enter")
	if out := screen(m); !strings.Contains(out, "[-has:comment]") {
		t.Errorf("no chip for the term typed:\n%s", out)
	}
	press(t, m, "backspace")
	if out := screen(m); strings.Contains(out, "has:comment") || list.Query().Search != "salary>=60000 new Повар " {
		t.Errorf("backspace left the term (line %q):\n%s", list.Query().Search, out)
	}
	// Cancelled, the dialog leaves the line as it was.
	press(t, m, "/")
	send(t, m, tea.PasteMsg{Content: "age>=30"})
	press(t, m, "enter", "F", "esc")
	if got := list.Query().Search; got != "salary>=60000 new Повар age>=30" || list.Filters() != (criteria.Set{}) {
		t.Errorf("a cancelled dialog changed the line to %q, filters %+v", got, list.Filters())
	}
}

// The mistake takes a row of its own under the line: the list's first
// line (the column header, or the chips) stays, the list is a row shorter
// while the mistake is shown, and the row comes back once it is mended.
// On the old code the mistake covered the header.
func TestQueryMistakeHasItsOwnRow(t *testing.T) {
	st := repeatFixture(t)
	for _, sz := range [][2]int{{80, 24}, {140, 40}} {
		m := newModelIn(t, st, i18n.EN, sz[0], sz[1])
		press(t, m, "/")
		typeText(t, m, "Водитель")
		before := strings.Split(screen(m), "\n")
		at := lineWith(before, "filter: ")
		if at < 0 || at+2 >= len(before) {
			t.Fatalf("%v: no filter line:\n%s", sz, strings.Join(before, "\n"))
		}
		send(t, m, tea.PasteMsg{Content: " zp>1"})
		after := strings.Split(screen(m), "\n")
		if len(after) != len(before) || lineWith(after, "filter: ") != at {
			t.Fatalf("%v: the screen moved:\n%s", sz, strings.Join(after, "\n"))
		}
		if !strings.Contains(after[at+1], `^ unknown field "zp"`) {
			t.Errorf("%v: the mistake is not under the line: %q", sz, after[at+1])
		}
		if listPart(after[at+2]) != listPart(before[at+1]) || listPart(after[at+3]) != listPart(before[at+2]) {
			t.Errorf("%v: the list's first lines are not kept under the mistake:\n%q\n%q\nwant\n%q\n%q",
				sz, after[at+2], after[at+3], before[at+1], before[at+2])
		}
		press(t, m, "backspace", "backspace", "backspace", "backspace", "backspace")
		if mended := strings.Split(screen(m), "\n"); !slices.Equal(mended, before) {
			t.Errorf("%v: mended, the screen is not as before:\n%s", sz, strings.Join(mended, "\n"))
		}
	}
}

// lineWith is the index of the first line holding s, -1 when none does.
func lineWith(lines []string, s string) int {
	for i, l := range lines {
		if strings.Contains(l, s) {
			return i
		}
	}
	return -1
}

// listPart is the focused list pane's part of a screen line (its box is
// the one drawn heavy, ┃).
func listPart(line string) string {
	parts := strings.Split(line, "┃")
	if len(parts) < 3 {
		return line
	}
	return parts[1]
}
