package ui

import (
	"context"
	"fmt"
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/criteria"
)

// repeatFixture is the catalog fixture (vacancies, 30 resumes, stale ones
// among them) and two earlier applications of Фамилия3 Имя3 (the inbox's
// second row): another resume to the Go vacancy, now refused, and an
// invitation to the accountant's; and three responses to those
// vacancies in the inbox.
func repeatFixture(t *testing.T) *store.Store {
	t.Helper()
	st := catalogFixture(t)
	again := func(id int64, folder string, vacancy int64, daysAgo int) store.Entry {
		e := entryAt(3)
		at := testNow.AddDate(0, 0, -daysAgo)
		e.ResumeID, e.Folder, e.LastEventAt, e.Age, e.IsNew = id, folder, at, 23, false
		e.Events = []store.Event{{Type: 10, VacancyID: vacancy, DateEvent: at, TypeTitle: "Отклик соискателя"}}
		e.RawJSON = []byte(fmt.Sprintf(`{"id":%d,"profession":"Водитель","age":23}`, id))
		return e
	}
	// Responses to own vacancies in the inbox, for the vacancy filter.
	respond := func(id int64, name string, vacancy int64, daysAgo int) store.Entry {
		e := entryAt(int(id))
		at := testNow.AddDate(0, 0, -daysAgo)
		e.ResumeID, e.Folder, e.LastName, e.FirstName, e.LastEventAt = id, store.FolderInbox, name, "Анна", at
		e.Events = []store.Event{{Type: 10, VacancyID: vacancy, DateEvent: at, TypeTitle: "Отклик соискателя"}}
		return e
	}
	if err := st.UpsertEntries(context.Background(), []store.Entry{
		again(3000, store.FolderRefused, 501, 60), again(3001, store.FolderInvited, 502, 200),
		respond(3002, "Новикова", 501, 1), respond(3003, "Орлова", 501, 2), respond(3004, "Зайцева", 502, 3)}); err != nil {
		t.Fatal(err)
	}
	return st
}

// newModelIn is newModel in a language, with stale_after and saved views.
func newModelIn(t testing.TB, st Store, lang i18n.Lang, w, h int, views ...criteria.View) *Model {
	t.Helper()
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(lang, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	m := New(st, &fakeBackend{}, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow.Add(-time.Hour), DetailDelay: -1,
		Editor: hostexec.Host{}.Editor(), StaleAfter: 7 * 24 * time.Hour, Views: views})
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// The new states at both sizes in both languages: chips, search in every
// folder, the filter dialog, the vacancy picker, a repeat applicant's
// history, stale counts.
func TestGoldenNarrowing(t *testing.T) {
	st := repeatFixture(t)
	screens := map[string][]string{
		"chips":          {"F", "down", "right", "right", "down", "down", "5", "0", "0", "0", "0", "-", "down", "down", "space", "enter"},
		"everywhere":     {"/", "Ф", "а", "м", "и", "л", "и", "я", "3", "ctrl+g"},
		"filters_dialog": {"2", "F"},
		"vacancy_picker": {"v"},
		"history_repeat": {"j", "enter", "tab"},
		"stale":          {"2"},
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, sz := range [][2]int{{80, 24}, {140, 40}} {
			for name, keys := range screens {
				t.Run(fmt.Sprintf("%s_%v_%dx%d", name, lang, sz[0], sz[1]), func(t *testing.T) {
					m := newModelIn(t, st, lang, sz[0], sz[1])
					press(t, m, keys...)
					golden.RequireEqual(t, []byte(screen(m)))
				})
			}
		}
	}
}

// Issue 11 §1: a candidate in another folder was "Nothing matches" from
// Inbox.
// ctrl+g on the filter line finds them in every folder, each row naming
// its folder; esc comes back to the inbox; the line says what narrows.
func TestSearchEveryFolder(t *testing.T) {
	st := repeatFixture(t)
	m := newModelIn(t, st, i18n.EN, 120, 30)
	if f := entryAt(2).Folder; f == store.FolderInbox {
		t.Fatalf("the fixture's Фамилия2 is in %s", f)
	}
	press(t, m, "/")
	for _, r := range "Фамилия2 " {
		press(t, m, string(r))
	}
	if n, _ := m.triage.List().Total(); n != 0 || !strings.Contains(screen(m), "Inbox · 0 matches") {
		t.Fatalf("Фамилия2 is in Invited, yet the inbox finds %d:\n%s", n, screen(m))
	}
	press(t, m, "ctrl+g")
	out := screen(m)
	where := m.c.Text.Folder(entryAt(2).Folder)
	if n, _ := m.triage.List().Total(); n != 1 || !strings.Contains(out, "All folders · 1 match") || !strings.Contains(out, where) ||
		!strings.Contains(out, "ctrl+g all folders / this folder") {
		t.Fatalf("every folder finds %d (in %s):\n%s", n, where, out)
	}
	press(t, m, "esc")
	if q := m.triage.List().Query(); q.Folder != store.FolderInbox || q.Search != "" || m.triage.List().Everywhere() {
		t.Errorf("esc left %+v", q)
	}
}

// A vacancy filter never narrows the search silently: the filter line
// counts it, its chip stays in sight while typing.
func TestVacancyFilterShownWhileSearching(t *testing.T) {
	st := repeatFixture(t)
	m := newModelIn(t, st, i18n.EN, 120, 30)
	press(t, m, "v")
	if !strings.Contains(screen(m), "Программист Go") {
		t.Fatalf("the picker has no titles:\n%s", screen(m))
	}
	press(t, m, "j", "enter")
	if m.triage.List().Criteria().VacancyID == 0 {
		t.Fatalf("no vacancy picked:\n%s", screen(m))
	}
	press(t, m, "/", "В")
	out := screen(m)
	if !strings.Contains(out, "+1 filter") || !strings.Contains(out, "[vacancy: ") {
		t.Errorf("the vacancy is not shown while typing:\n%s", out)
	}
	press(t, m, "esc", "backspace")
	if m.triage.List().Criteria().VacancyID != 0 || strings.Contains(screen(m), "[vacancy: ") {
		t.Errorf("backspace left the chip:\n%s", screen(m))
	}
}

// A saved view shows its folder, filters and order on its key, and says so.
func TestSavedView(t *testing.T) {
	st := repeatFixture(t)
	km := keymap.Default()
	key, err := km.Extra("w", "Fresh stale")
	if err != nil {
		t.Fatal(err)
	}
	v := criteria.View{Name: "Fresh stale", Key: key, Folder: store.FolderConsidered, Set: criteria.Set{Stale: true},
		SortBy: store.SortBySalary, Ascending: true}
	m := newModelIn(t, st, i18n.EN, 120, 30, v)
	press(t, m, "5", "w")
	q := m.triage.List().Query()
	if m.mode != paneTriage || q.Folder != store.FolderConsidered || q.StaleBefore.IsZero() || q.SortBy != store.SortBySalary ||
		!q.Ascending || m.triage.Folders().Current().ID != store.FolderConsidered {
		t.Fatalf("the view shows %+v", q)
	}
	out := screen(m)
	if !strings.Contains(out, "view: Fresh stale") || !strings.Contains(out, "[stale]") || !strings.Contains(out, "Salary↑") {
		t.Errorf("screen:\n%s", out)
	}
	n, _ := m.triage.List().Total()
	stale, _ := st.StaleCounts(context.Background(), store.ScopeAll, testNow.Add(-7*24*time.Hour))
	if n == 0 || n != stale[store.FolderConsidered] {
		t.Errorf("the view lists %d, the cache counts %d stale", n, stale[store.FolderConsidered])
	}
	press(t, m, "?")
	if out := screen(m); !strings.Contains(out, "Saved views") || !strings.Contains(out, "Fresh stale") {
		t.Errorf("help does not list the view:\n%s", out)
	}
}
