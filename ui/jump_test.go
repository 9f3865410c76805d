package ui

import (
	"context"
	"strings"
	"testing"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/views/criteria"
	"hrdesk/views/resumelist"
)

// jumpView is a saved view as a recruiter keeps one: the last week's new
// responses over 80 000 in Considered.
func jumpView(t *testing.T) criteria.View {
	t.Helper()
	km := keymap.Default()
	k, err := km.Extra("w", "Fresh")
	if err != nil {
		t.Fatal(err)
	}
	return criteria.View{Name: "Fresh", Key: k, Folder: store.FolderConsidered,
		Set: criteria.Set{Responded: config.Responded{Days: 7}, SalaryFrom: 80000, OnlyNew: true}}
}

// inboxOf is how many responses to vacancy the own inbox holds.
func inboxOf(t *testing.T, st *store.Store, vacancy int64) int {
	t.Helper()
	n, err := st.CountEntries(context.Background(), store.ListQuery{Scope: store.ScopeMine, Folder: store.FolderInbox, VacancyID: vacancy})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Issue 28 §3: enter on a vacancy of the overview kept whatever narrowed
// the list (a saved view's "7 days", "salary from 80 000", "new only", a
// search), so a vacancy with dozens waiting opened as none. The jump shows
// that vacancy's inbox with nothing else narrowing it, says how to come
// back, and esc or backspace give the earlier filters back, also after a
// second jump from the overview.
func TestAJumpShowsTheVacancysResponsesOnly(t *testing.T) {
	st := overviewFixture(t)
	for _, back := range []string{"esc", "backspace"} {
		t.Run(back, func(t *testing.T) {
			m := newModelIn(t, store.Scoped(st, store.ScopeMine), i18n.EN, 140, 40, jumpView(t))
			press(t, m, "w", "/", "Ф", "enter")
			before := m.triage.List().NarrowedBy()
			if before.Folder != store.FolderConsidered || !before.Crit.OnlyNew || before.Search != "Ф" {
				t.Fatalf("the view and the search: %+v", before)
			}
			press(t, m, "8")
			f, ok := m.overviewPane().Selected()
			if !ok || f.VacancyID == 0 {
				t.Fatalf("no vacancy under the overview's cursor:\n%s", screen(m))
			}
			press(t, m, "enter")
			want := resumelist.Narrowing{Folder: store.FolderInbox, FolderName: "Inbox", Crit: criteria.Set{VacancyID: f.VacancyID}}
			n, _ := m.triage.List().Total()
			if got := m.triage.List().NarrowedBy(); got != want || n != inboxOf(t, st, f.VacancyID) || n == 0 {
				t.Fatalf("enter on %d: the list shows %+v, %d rows; want %+v, %d rows", f.VacancyID, got, n, want, inboxOf(t, st, f.VacancyID))
			}
			out := screen(m)
			if !strings.Contains(out, "esc or backspace: back to the earlier filters") || strings.Contains(out, "new only") ||
				strings.Contains(out, "filter: Ф") {
				t.Fatalf("after the jump:\n%s", out)
			}
			// A second jump from the overview: back still goes to the view.
			press(t, m, "8", "j", "enter")
			if second := m.triage.List().Query().VacancyID; second == f.VacancyID || second == 0 {
				t.Fatalf("the second jump shows vacancy %d", second)
			}
			press(t, m, back)
			if got := m.triage.List().NarrowedBy(); got != before || m.triage.Folders().Current().ID != store.FolderConsidered {
				t.Fatalf("%s: the list shows %+v in folder %s; want %+v", back, got, m.triage.Folders().Current().ID, before)
			}
			if out := screen(m); !strings.Contains(out, "the earlier filters are back") || !strings.Contains(out, "filter: Ф") {
				t.Fatalf("%s: the screen:\n%s", back, out)
			}
		})
	}
}

// Once the recruiter narrows the jump's list otherwise, esc and backspace
// do their own work again: the search stays, backspace takes the vacancy's
// chip off.
func TestANarrowedJumpKeepsItsKeys(t *testing.T) {
	st := overviewFixture(t)
	m := newModelIn(t, store.Scoped(st, store.ScopeMine), i18n.EN, 140, 40, jumpView(t))
	press(t, m, "w", "8", "enter")
	vacancy := m.triage.List().Query().VacancyID
	if vacancy == 0 {
		t.Fatal("enter showed no vacancy")
	}
	press(t, m, "/", "Ф", "enter", "esc")
	if q := m.triage.List().Query(); q.Search != "Ф" || q.VacancyID != vacancy || q.OnlyNew {
		t.Fatalf("esc after a search gave back the view: %+v", q)
	}
	press(t, m, "backspace")
	if q := m.triage.List().Query(); q.Search != "Ф" || q.VacancyID != 0 || q.OnlyNew || q.Folder != store.FolderInbox {
		t.Fatalf("backspace after a search: %+v", q)
	}
}
