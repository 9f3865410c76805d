package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/views/statusbar"
	"hrdesk/views/triage"
)

// The C key shows the whole company's responses instead of the
// recruiter's own, or back (issue 19 §2.3: it changed only a label), on
// the triage screen and the overview (issue 28 §3: it did nothing on the
// overview). The store view switches (ScopeSwitch), the counts, the list
// and the overview in front follow, and a company never synced is synced
// first: until then the cache holds only the recruiter's own responses.

// scoping is what the C key keeps besides the store view's switch.
type scoping struct {
	// openedCompany: the store view showed the company's responses when
	// the model was built (the profile's scope), so its title names the
	// scope only once switched away (scopeLabel).
	openedCompany bool
	// companySync: the sync under way reads the company's lists for a
	// switch to them (its end says what the list shows now, syncing.go).
	companySync bool
	// companyWait numbers the wait of a company sync that could not start
	// yet (another sync under way), 0 when none waits.
	companyWait int
}

// scopeUnsyncedMsg says the company's lists were never synced.
type scopeUnsyncedMsg struct{}

// companyRetryMsg: time to try the company's first sync again (wait seq).
type companyRetryMsg struct{ seq int }

// companyRetryEvery is how often a company sync refused as busy (another
// window's sync holds the profile's lease, and says nothing when it ends)
// asks again.
const companyRetryEvery = 3 * time.Second

// toggleScope switches what the screens of responses show.
func (m *Model) toggleScope() tea.Cmd {
	sw, ok := m.st.(ScopeSwitch)
	if !ok {
		return nil
	}
	company := !sw.ShowsCompany()
	sw.ShowCompany(company)
	if !company {
		m.companyWait = 0 // a company sync waiting is not wanted any more
	}
	t := m.c.Text.Status
	m.status.Say(map[bool]string{true: t.ShowingCompany, false: t.ShowingMine}[company])
	cmds := []tea.Cmd{m.loadCounts(), m.updatePane(paneTriage, triage.ScopeChanged{Label: m.scopeLabel()})}
	// The overview in front reads its figures again, of the scope shown.
	cmds = append(cmds, m.rescoped())
	if b := m.backend; company && b != nil && m.loggedIn {
		cmds = append(cmds, func() tea.Msg {
			if synced, err := b.ScopeSynced(context.Background(), store.ScopeCompany); err == nil && !synced {
				return scopeUnsyncedMsg{}
			}
			return nil
		})
	}
	return tea.Batch(cmds...)
}

// scopeLabel names the scope for the list's title when it is not the one
// the profile opens with.
func (m *Model) scopeLabel() string {
	sw, ok := m.st.(ScopeSwitch)
	if !ok {
		return ""
	}
	if company := sw.ShowsCompany(); company != m.openedCompany {
		return map[bool]string{true: m.c.Text.Scope.Company, false: m.c.Text.Scope.Mine}[company]
	}
	return ""
}

// syncCompany syncs the company's lists, as a sync is run and shown; with
// this window's own sync under way, when it is over (companyFollows).
func (m *Model) syncCompany() tea.Cmd {
	if m.status.Syncing() {
		m.companyWait++
		m.status.Say(m.c.Text.Status.CompanyAfterSync)
		return nil
	}
	m.companyWait = 0
	b := m.backend
	cmd := m.runSync(func(ctx context.Context, report func(SyncProgress)) (bool, error) {
		return b.SyncScope(ctx, store.ScopeCompany, report)
	})
	if cmd != nil {
		m.status.Say(m.c.Text.Status.SyncingCompany)
		m.companySync = true
	}
	return cmd
}

// companySynced handles the end of the company's first sync refused as
// busy (issue 28: the line kept saying "syncing them" while nothing did):
// it says it follows the other window's sync and asks again until it
// runs; ok is false for any other end.
func (m *Model) companySynced(p problem.Problem) (tea.Cmd, bool) {
	sw, ok := m.st.(ScopeSwitch)
	if p.Kind != problem.Busy || !ok {
		return nil, false
	}
	m.status.Update(statusbar.SyncDone{}) // the server was not asked
	if !sw.ShowsCompany() {
		return nil, true // C went back meanwhile: nothing to sync, nor to say
	}
	m.status.Say(m.c.Text.Status.CompanyAfterOther)
	m.companyWait++
	seq := m.companyWait
	return tea.Tick(companyRetryEvery, func(time.Time) tea.Msg { return companyRetryMsg{seq: seq} }), true
}

// companyFollows starts the company's sync that waited, when one does and
// the company is still what the screens show.
func (m *Model) companyFollows(seq int) tea.Cmd {
	if m.companyWait == 0 || seq != 0 && seq != m.companyWait {
		return nil
	}
	if sw, ok := m.st.(ScopeSwitch); !ok || !sw.ShowsCompany() {
		m.companyWait = 0
		return nil
	}
	return m.syncCompany()
}
