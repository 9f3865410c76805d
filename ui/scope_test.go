package ui

import (
	"context"
	"fmt"
	"hrdesk/internal/testkit/panetest"
	"regexp"
	"strings"
	"testing"
	"time"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/theme"

	tea "charm.land/bubbletea/v2"
)

// Issue 19 §2.3: C (mine/company) changed only a label; the list and the
// counts stayed the recruiter's own. The switch shows the company's
// responses and counts, says what it shows, and syncs the company's lists
// when the cache never held them.
func TestScopeKeyShowsTheCompany(t *testing.T) {
	st := fixture(t, 6)
	var colleagues []store.Entry
	for i := range 4 {
		e := entryAt(100 + i)
		e.Scope, e.Folder, e.LastName = store.ScopeCompany, store.FolderInbox, fmt.Sprintf("Коллегин%d", i)
		colleagues = append(colleagues, e)
	}
	if err := st.UpsertEntries(context.Background(), colleagues); err != nil {
		t.Fatal(err)
	}
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	c.Styles = theme.New(true, opts...)
	b := &fakeBackend{}
	m := New(store.Scoped(st, store.ScopeMine), b, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow,
		DetailDelay: -1, Editor: hostexec.Host{}.Editor()})
	m.triage.List().SetCountDelay(-1)
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	if s := screen(m); strings.Contains(s, "Коллегин") || !strings.Contains(s, "Inbox · 3 resumes") {
		t.Fatalf("the own inbox:\n%s", s)
	}
	press(t, m, "C")
	s := screen(m)
	if !strings.Contains(s, "Коллегин0") || !strings.Contains(s, "Inbox · 7 resumes · company") || !regexp.MustCompile(`Inbox +7`).MatchString(s) {
		t.Errorf("after C the company's inbox, its count and what it shows:\n%s", s)
	}
	// The fake's sync ends at once: the line says what the list shows.
	if !strings.Contains(s, "showing the company's responses") {
		t.Errorf("after the company's first sync:\n%s", s)
	}
	if len(b.scopes) != 1 || b.scopes[0] != store.ScopeCompany {
		t.Errorf("the company was never synced, yet SyncScope was asked %v", b.scopes)
	}
	press(t, m, "C")
	if s := screen(m); strings.Contains(s, "Коллегин") || !strings.Contains(s, "Inbox · 3 resumes") || !strings.Contains(s, "showing your own responses") {
		t.Errorf("C again: the own inbox:\n%s", s)
	}
}

// C pressed again while the company's first sync runs: its end must not
// say "showing the company's responses" over the recruiter's own list.
func TestScopeBackDuringTheCompanySync(t *testing.T) {
	st := fixture(t, 6)
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	b := &fakeBackend{}
	m := New(store.Scoped(st, store.ScopeMine), b, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow,
		DetailDelay: -1})
	m.triage.List().SetCountDelay(-1)
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	switched := false
	b.onSync = func() { // the company's sync is under way: C again
		if !switched {
			switched = true
			send(t, m, keyPress(t, "C"))
		}
	}
	press(t, m, "C")
	if !switched {
		t.Fatal("C synced no company")
	}
	if s := screen(m); strings.Contains(s, "showing the company's responses") || !strings.Contains(s, "Inbox · 3 resumes") {
		t.Errorf("back to the own list while the company synced:\n%s", s)
	}
}
