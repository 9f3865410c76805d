package ui

import (
	"context"
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	"hrdesk/i18n"
	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/theme"

	tea "charm.land/bubbletea/v2"
)

// busyErr is the engine's refusal while another process of the profile
// holds the sync lease (syncer.ErrBusy), as problem.Of classifies it.
type busyErr struct{}

func (busyErr) Error() string             { return "another process is syncing" }
func (busyErr) ProblemKind() problem.Kind { return problem.Busy }

// busyCompany refuses the company's sync as busy the first `busy` times.
type busyCompany struct {
	*fakeBackend
	busy int
}

func (b *busyCompany) SyncScope(ctx context.Context, scope store.Scope, progress func(SyncProgress)) (bool, error) {
	if b.busy > 0 {
		b.busy--
		b.scopes = append(b.scopes, scope)
		return false, busyErr{}
	}
	return b.fakeBackend.SyncScope(ctx, scope, progress)
}

func scopeModel(t *testing.T, b Backend, lang i18n.Lang) *Model {
	t.Helper()
	st := fixture(t, 6)
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(lang, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	m := New(store.Scoped(st, store.ScopeMine), b, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow,
		DetailDelay: -1})
	m.triage.List().SetCountDelay(-1)
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: 140, Height: 40})
	return m
}

// Issue 28 (session 11): C while another window of the profile synced
// kept saying "syncing them" while nothing did (the engine refused as
// busy). The line says the company's responses follow that sync, asks
// again, and the sync runs when the other is over.
func TestCompanySyncFollowsAnotherWindowsSync(t *testing.T) {
	b := &busyCompany{fakeBackend: &fakeBackend{}, busy: 1}
	m := scopeModel(t, b, i18n.EN)
	press(t, m, "8", "C") // the retry's timer is not waited for: the test sends it
	s := screen(m)
	if strings.Contains(s, "syncing them") || strings.Contains(s, "try again in a moment") ||
		!strings.Contains(s, "another window of this profile is syncing") {
		t.Fatalf("a company sync refused as busy:\n%s", s)
	}
	wait := m.companyWait
	send(t, m, companyRetryMsg{seq: wait + 1}) // another wait's timer asks nothing
	if len(b.scopes) != 1 {
		t.Fatalf("a stale retry synced: %v", b.scopes)
	}
	send(t, m, companyRetryMsg{seq: wait})
	if s := screen(m); len(b.scopes) != 2 || !strings.Contains(s, "showing the company's responses") || !strings.Contains(s, "Overview · company") {
		t.Errorf("the retry once the other sync is over (asked %v):\n%s", b.scopes, s)
	}
}

// C back to the own responses while the company's sync waits: the wait is
// dropped, its timer syncs nothing.
func TestCompanyWaitDroppedByCBack(t *testing.T) {
	b := &busyCompany{fakeBackend: &fakeBackend{}, busy: 1}
	m := scopeModel(t, b, i18n.RU)
	press(t, m, "C")
	if s := screen(m); !strings.Contains(s, "другое окно этого профиля синхронизируется") {
		t.Fatalf("RU, a company sync refused as busy:\n%s", s)
	}
	wait := m.companyWait
	press(t, m, "C")
	send(t, m, companyRetryMsg{seq: wait})
	if len(b.scopes) != 1 {
		t.Errorf("the company synced after C back: %v", b.scopes)
	}
}

// C while this window's own sync runs: the company's sync cannot start
// beside it (it did nothing, and said nothing); it follows that sync.
func TestCompanySyncFollowsTheOwnSync(t *testing.T) {
	b := &fakeBackend{}
	m := scopeModel(t, b, i18n.EN)
	var during string
	b.onSync = func() {
		if during == "" {
			send(t, m, keyPress(t, "C"))
			during = screen(m)
		}
	}
	press(t, m, "r")
	if !strings.Contains(during, "the company's responses sync when the sync under way is over") || strings.Contains(during, "syncing them") {
		t.Errorf("C during the own sync:\n%s", during)
	}
	if s := screen(m); len(b.scopes) != 1 || b.scopes[0] != store.ScopeCompany || !strings.Contains(s, "showing the company's responses") {
		t.Errorf("after the own sync the company's (asked %v):\n%s", b.scopes, s)
	}
}
