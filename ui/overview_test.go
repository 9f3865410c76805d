package ui

import (
	"context"
	"fmt"
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/theme"
)

// overviewFixture is the catalog fixture's vacancies with responses of the
// last two months: answered in a few hours or not at all, moved along the
// funnel, one vacancy busy, one dried up, one with a long hostile title.
func overviewFixture(t *testing.T) *store.Store {
	t.Helper()
	st := catalogFixture(t)
	if err := st.ReplaceVacancies(context.Background(), append(catalogVacancies(),
		store.Vacancy{ID: 505, Profession: "Кладовщик с очень длинным названием вакансии для проверки обрезки", Published: 1, RawJSON: []byte(`{}`)})); err != nil {
		t.Fatal(err)
	}
	var batch []store.Entry
	for i := range 240 {
		vac := []int64{501, 501, 501, 502, 504, 505, 505, 501}[i%8]
		at := testNow.Add(-time.Duration(i*i%1400) * time.Hour) // denser lately, as responses come
		folder, action := store.Folders[i%4], []int{0, 60, 70, 80}[i%4]
		e := store.Entry{ResumeID: int64(5000 + i), Scope: store.ScopeMine, Folder: folder, FirstName: "Имя", LastName: fmt.Sprint("Ф", i),
			Events: []store.Event{{VacancyID: vac, Type: 10, DateEvent: at}}, RawJSON: []byte(`{}`)}
		if action != 0 {
			e.Events = append(e.Events, store.Event{VacancyID: vac, Type: action, DateEvent: at.Add(time.Duration(1+i%30) * time.Hour)})
		}
		batch = append(batch, e)
	}
	if err := st.UpsertEntries(context.Background(), batch); err != nil {
		t.Fatal(err)
	}
	return st
}

// inOrder says the texts appear in s in this order.
func inOrder(s string, texts ...string) bool {
	at := -1
	for _, x := range texts {
		i := strings.Index(s, x)
		if i <= at {
			return false
		}
		at = i
	}
	return true
}

// catalogVacancies are catalogFixture's vacancies, read back.
func catalogVacancies() []store.Vacancy {
	return []store.Vacancy{
		{ID: 501, Profession: "Программист Go", Published: 1, RawJSON: []byte(`{}`)},
		{ID: 502, Profession: "Бухгалтер", Published: 0, RawJSON: []byte(`{}`)},
		{ID: 503, Profession: "Водитель", Published: 3, IsArchive: true, RawJSON: []byte(`{}`)},
		{ID: 504, Profession: "Evil \x1b[31mred\x1b[0m [x](http://evil) # head", Published: 1, RawJSON: []byte(`{}`)},
	}
}

// asciiModel is the workstation in an ASCII terminal without colour, in lang.
func asciiModel(t *testing.T, st *store.Store, lang i18n.Lang, w, h int) *Model {
	t.Helper()
	opts := []theme.Option{theme.WithNoColor(true), theme.WithASCII(true)}
	c := panetest.Colour(lang, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	m := New(st, &fakeBackend{}, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow.Add(-time.Hour), DetailDelay: -1})
	m.triage.List().SetCountDelay(-1)
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// TestOverviewScreen: the screen at 80×24 and 140×40, English and Russian,
// in an ASCII terminal; every line exactly the screen's width.
func TestOverviewScreen(t *testing.T) {
	st := overviewFixture(t)
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, size := range [][2]int{{80, 24}, {140, 40}} {
			t.Run(fmt.Sprintf("%v_%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				m := asciiModel(t, st, lang, size[0], size[1])
				press(t, m, "8")
				out := ansi.Strip(m.View().Content) // with the ASCII terminal's symbols
				golden.RequireEqual(t, []byte(out))
				for i, line := range strings.Split(out, "\n") {
					if n := len([]rune(line)); n != size[0] {
						t.Fatalf("line %d is %d wide, not %d: %q", i, n, size[0], line)
					}
				}
			})
		}
	}
}

// TestOverviewOrderFilterAndOpen: the busiest waiting vacancy first; s
// orders by responses, then by name; / narrows by title; enter opens the
// vacancy's responses in triage, as R on the vacancies screen does.
func TestOverviewOrderFilterAndOpen(t *testing.T) {
	st := overviewFixture(t)
	m, _ := newModel(t, st, 140, 40)
	press(t, m, "8")
	if m.mode != paneOverview {
		t.Fatalf("8 opened mode %v", m.mode)
	}
	first := func() store.VacancyFigures {
		f, ok := m.overviewPane().Selected()
		if !ok {
			t.Fatalf("no vacancy selected:\n%s", screen(m))
		}
		return f
	}
	if f := first(); f.VacancyID != 501 {
		t.Fatalf("first by waiting: %d (%d waiting)", f.VacancyID, f.Waiting)
	}
	press(t, m, "s", "s") // by name; the cursor stays on its vacancy
	out := screen(m)
	if f := first(); f.VacancyID != 501 || !inOrder(out, "(no vacancy)", "Evil red", "Бухгалтер", "Кладовщик", "Программист Go") {
		t.Fatalf("by name, the cursor on %d:\n%s", f.VacancyID, out)
	}
	press(t, m, "/", "К", "л", "а", "enter")
	if out := screen(m); !strings.Contains(out, "1 of 5") || strings.Contains(out, "Программист Go") {
		t.Fatalf("filtered by title:\n%s", out)
	}
	press(t, m, "enter")
	if m.mode != paneTriage || m.triage.List().Query().VacancyID != 505 {
		t.Fatalf("enter: mode %v, the list's vacancy %d", m.mode, m.triage.List().Query().VacancyID)
	}
	press(t, m, "8", "esc") // the filter clears, then the screen leaves
	if m.mode != paneOverview {
		t.Fatalf("esc with a filter left the screen")
	}
	press(t, m, "esc")
	if m.mode != paneTriage {
		t.Fatalf("esc did not leave the screen")
	}
}
