package triage_test

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/criteria"
	"hrdesk/views/dialogs"
	"hrdesk/views/triage"
)

// openFilters presses F and makes the dialog the root would open for it.
func openFilters(t *testing.T, m *triage.Model) (*dialogs.FiltersDialog, action.AskFilters) {
	t.Helper()
	for _, a := range panetest.Keys(t, m, "F") {
		if ask, ok := a.(action.AskFilters); ok {
			d := dialogs.NewFiltersDialog(panetest.Common(i18n.EN), ask.Set, ask.Everywhere, ask.Folder, nil, nil)
			d.SetSize(140, 38)
			return d, ask
		}
	}
	t.Fatal("F asked for no filter dialog")
	return nil, action.AskFilters{}
}

// typeLine types s on the `/` line, a key a letter, and closes it.
func typeLine(t *testing.T, m *triage.Model, s string) {
	t.Helper()
	panetest.Keys(t, m, "/")
	typeKeys(t, m, s)
	panetest.Keys(t, m, "enter")
}

// typeKeys types s, a key a letter.
func typeKeys(t *testing.T, m *triage.Model, s string) {
	t.Helper()
	for _, r := range s {
		k := string(r)
		if r == ' ' {
			k = "space"
		}
		panetest.Keys(t, m, k)
	}
}

// The filter dialog's choices, the chips and the `/` line are one query
// (issue 31 §2): F with a salary written writes salary>=… on the line,
// its chip says it and the list runs it; -has:comment typed on the line
// is a chip; backspace takes it off the line and the chips; F opens again
// with what the line says marked, the line's edits included. On the old
// code F's salary was a chip apart and the line stayed empty.
func TestDialogChipsAndLineAreOneQuery(t *testing.T) {
	m := screen(t, cache(t, 10), 140, 38)
	list := m.List()
	d, _ := openFilters(t, m)
	asked := panetest.Keys(t, d, "down", "down", "down", "6", "0", "0", "0", "0", "-", "enter")
	if len(asked) != 1 {
		t.Fatalf("the dialog answered %+v", asked)
	}
	panetest.Drive(t, m, asked[0])
	if got := list.Query().Search; got != "salary>=60000 " {
		t.Fatalf("the line after F: %q", got)
	}
	out := ansi.Strip(m.View())
	if !strings.Contains(out, "salary>=60000") || !strings.Contains(out, "[salary from 60,000]") {
		t.Errorf("the line or the chip is not shown:\n%s", out)
	}
	if q, err := list.StoreQuery(); err != nil || q.SalaryFrom != 60000 || list.Filters() != list.Filters().Unsaid() {
		t.Errorf("the list runs %+v (%v), filters apart %+v", q, err, list.Filters())
	}
	// A name typed, then esc: the line and the chip are back as F left them.
	panetest.Keys(t, m, "/")
	typeKeys(t, m, "Фамилия")
	panetest.Keys(t, m, "esc")
	if got := list.Query().Search; got != "salary>=60000 " || !strings.Contains(ansi.Strip(m.View()), "[salary from 60,000]") {
		t.Fatalf("esc after a name typed: the line %q", got)
	}
	typeLine(t, m, "-has:comment")
	if got := list.Query().Search; got != "salary>=60000 -has:comment" {
		t.Fatalf("typed: %q", got)
	}
	if out := ansi.Strip(m.View()); !strings.Contains(out, "[salary from 60,000] [-has:comment]") {
		t.Errorf("no chip for the term typed:\n%s", out)
	}
	panetest.Keys(t, m, "backspace")
	if got := list.Query().Search; got != "salary>=60000 " {
		t.Errorf("backspace left the line %q", got)
	}
	if out := ansi.Strip(m.View()); strings.Contains(out, "has:comment") || !strings.Contains(out, "[salary from 60,000]") {
		t.Errorf("backspace took the wrong chip:\n%s", out)
	}
	typeLine(t, m, "new")
	if _, ask := openFilters(t, m); ask.Set.SalaryFrom != 60000 || !ask.Set.OnlyNew {
		t.Errorf("the dialog opens with %+v", ask.Set)
	}
	// Cancelled (the root closes it), the dialog changes nothing; backspace
	// takes the last filter's term off, then the salary's.
	panetest.Keys(t, m, "backspace", "backspace")
	if got := list.Query().Search; got != "" || list.Criteria() != list.Filters() {
		t.Errorf("two backspaces left %q, chips %+v", got, list.Criteria())
	}
}

// A field's name being typed is not searched as a word (issue 31 §2:
// `sal` found next to nothing and the list looked emptied): the list keeps
// its result and the hint is under the line, on a row of its own; the
// field typed whole narrows the list. On the old code "Фамилия1 s" found
// nothing.
func TestAFieldsNameKeepsTheList(t *testing.T) {
	m := screen(t, cache(t, 10), 140, 38)
	list := m.List()
	panetest.Keys(t, m, "/")
	typeKeys(t, m, "Фамилия1 sal")
	if n, ok := list.Total(); !ok || n != 1 || list.SearchText() != "Фамилия1 " {
		t.Fatalf("the list shows %d (%v) for %q", n, ok, list.SearchText())
	}
	out := ansi.Strip(m.View())
	if !strings.Contains(out, "salary>=N, salary<N, salary:A-B") || !strings.Contains(out, "Фамилия1 Имя1") {
		t.Errorf("no hint, or no row:\n%s", out)
	}
	typeKeys(t, m, "ary>=1") // none of the cache's resumes says a salary
	if n, _ := list.Total(); n != 0 || list.SearchText() != "Фамилия1 salary>=1" {
		t.Errorf("the field typed whole: %d rows for %q", n, list.SearchText())
	}
	if out := ansi.Strip(m.View()); strings.Contains(out, "salary>=N") {
		t.Errorf("the hint stays:\n%s", out)
	}
}

// askVacancy presses v and returns the picker's filters as it opens.
func askVacancy(t *testing.T, m *triage.Model) criteria.Set {
	t.Helper()
	for _, a := range panetest.Keys(t, m, "v") {
		if ask, ok := a.(action.AskVacancy); ok {
			return ask.Set
		}
	}
	t.Fatal("v asked for no vacancy picker")
	return criteria.Set{}
}

// The vacancy picker's choice goes where the vacancy was: on the line
// when the line says it (the picker opens with it marked, and its choice
// replaces the term), else a filter apart, the line as typed.
func TestVacancyPickerWritesWhereTheVacancyWas(t *testing.T) {
	m := screen(t, cache(t, 5), 140, 38)
	list := m.List()
	typeLine(t, m, "Фамилия vacancy:501")
	if set := askVacancy(t, m); set.VacancyID != 501 {
		t.Fatalf("the picker opens with %+v", set)
	}
	panetest.Drive(t, m, action.Narrow{Set: criteria.Set{VacancyID: 777}})
	if got := list.Query().Search; got != "vacancy:777 Фамилия " || list.Filters() != (criteria.Set{}) {
		t.Errorf("picked 777: the line %q, apart %+v", got, list.Filters())
	}
	panetest.Keys(t, m, "/", "esc") // the line cleared
	if set := askVacancy(t, m); set != (criteria.Set{}) {
		t.Fatalf("the picker opens with %+v", set)
	}
	panetest.Drive(t, m, action.Narrow{Set: criteria.Set{VacancyID: 777}})
	if got := list.Query().Search; got != "" || list.Filters().VacancyID != 777 || list.Criteria().VacancyID != 777 {
		t.Errorf("picked 777 with no line: the line %q, apart %+v", got, list.Filters())
	}
}

// A saved view with no query of its own replaces the filters, as it did
// when they were chips apart: the line's terms a filter says leave the
// line; its other terms and its words stay. On the old code salary>=5
// stayed on the line and narrowed the view.
func TestAViewReplacesTheLinesFilters(t *testing.T) {
	src := cache(t, 5)
	v := criteria.View{Name: "Stale", Key: key.NewBinding(key.WithKeys("w")), Folder: store.FolderInbox, Set: criteria.Set{Stale: true}}
	m := triage.New(panetest.Common(i18n.EN), src, triage.Options{DetailDelay: -1, Views: []criteria.View{v}})
	m.List().SetCountDelay(-1)
	m.SetSize(140, 38)
	m.Focus()
	panetest.Settle(t, m, m.Start())
	typeLine(t, m, "Фамилия salary>=5 -has:comment new")
	panetest.Keys(t, m, "w")
	list := m.List()
	if got := list.Query().Search; got != "Фамилия -has:comment " || list.Filters() != v.Set || list.Criteria() != v.Set {
		t.Errorf("the view: line %q, apart %+v, chips %+v", got, list.Filters(), list.Criteria())
	}
	if out := ansi.Strip(m.View()); !strings.Contains(out, "filter: Фамилия -has:comment") || !strings.Contains(out, "[stale] [-has:comment]") {
		t.Errorf("the screen:\n%s", out)
	}
}
