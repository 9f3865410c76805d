package ui

import (
	"context"
	"fmt"
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/theme"
)

// testLimits are the fixture's time limits per stage: its rows are 7
// hours apart, so the inbox's (2 days) sees rows within, near (from 36 h)
// and past (from 48 h) in one screen.
var testLimits = store.Limits{store.FolderInbox: 48 * time.Hour, store.FolderConsidered: 5 * 24 * time.Hour, store.FolderInvited: 3 * 24 * time.Hour}

// limitsModel is the workstation with testLimits in an ASCII terminal
// without colour, in lang.
func limitsModel(t *testing.T, st *store.Store, lang i18n.Lang, w, h int) *Model {
	t.Helper()
	opts := []theme.Option{theme.WithNoColor(true), theme.WithASCII(true)}
	c := panetest.Colour(lang, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	m := New(store.Scoped(st, store.ScopeMine), &fakeBackend{}, Options{Common: c, ThemeOptions: opts, MeterEvery: -1,
		LastSync: testNow.Add(-time.Hour), DetailDelay: -1, Limits: testLimits})
	m.triage.List().SetCountDelay(-1)
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// The list marks a resume near its stage's limit and past it apart, and
// ! shows every resume near or past its limit, in every folder, oldest
// first (issue 30 §2): at 80×24 and 140×40, in English and Russian.
func TestLimitMarksAndNeedsMe(t *testing.T) {
	st := fixture(t, 60)
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, size := range [][2]int{{80, 24}, {140, 40}} {
			name := fmt.Sprintf("%v_%dx%d", lang, size[0], size[1])
			t.Run("marks_"+name, func(t *testing.T) {
				m := limitsModel(t, st, lang, size[0], size[1])
				out := ansi.Strip(m.View().Content)
				golden.RequireEqual(t, []byte(out))
				if !strings.Contains(out, " o ") || !strings.Contains(out, " z ") {
					t.Errorf("no near (o) or past (z) mark in the inbox:\n%s", out)
				}
			})
			t.Run("needsme_"+name, func(t *testing.T) {
				m := limitsModel(t, st, lang, size[0], size[1])
				press(t, m, "!")
				out := ansi.Strip(m.View().Content)
				golden.RequireEqual(t, []byte(out))
				want := i18n.For(lang).Narrow.NeedsMe
				if !strings.Contains(out, want) {
					t.Errorf("the list is not titled %q:\n%s", want, out)
				}
			})
		}
	}
}

// The needs-me list is what the store's Due says, oldest first, every row
// marked; ! again, or a folder's key, goes back to the folder.
func TestNeedsMeListsWhatIsDue(t *testing.T) {
	st := fixture(t, 60)
	m, _ := newModelWith(t, st, keymap.Default(), 140, 40, func(o *Options) { o.Limits = testLimits })
	press(t, m, "!")
	list := m.triage.List()
	q := store.ListQuery{Scope: store.ScopeMine, Due: &store.Due{Limits: testLimits, Now: testNow}, Ascending: true, Limit: store.MaxListLimit}
	want, err := st.CountEntries(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := list.Total(); !ok || got != want || want == 0 || !list.NeedsMe() {
		t.Fatalf("needs me: %d (%v), the store says %d:\n%s", got, ok, want, screen(m))
	}
	rows, err := st.ListEntries(context.Background(), q)
	if err != nil || len(rows) == 0 {
		t.Fatal(rows, err)
	}
	for _, r := range rows {
		if testLimits.Mark(r, testNow) == store.WithinLimit {
			t.Errorf("resume %d is listed but within its limit", r.ResumeID)
		}
	}
	if first := rows[0].DisplayName; !strings.Contains(screen(m), first) {
		t.Errorf("the oldest, %s, is not shown first:\n%s", first, screen(m))
	}
	press(t, m, "!")
	if list.NeedsMe() || list.Query().Due != nil || list.Query().Folder != store.FolderInbox || list.Query().Ascending {
		t.Errorf("! again: %+v", list.Query())
	}
	press(t, m, "!", "2")
	if list.NeedsMe() || list.Query().Due != nil || list.Query().Folder != store.FolderConsidered {
		t.Errorf("a folder's key: %+v", list.Query())
	}
}
