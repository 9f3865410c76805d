package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/triage"
)

// The C key shows the whole company's responses instead of the
// recruiter's own, or back (issue 19 §2.3: it changed only a label), on
// the triage screen and the overview (issue 28 §3: it did nothing on the
// overview). The store view switches (ScopeSwitch), the counts, the list
// and the overview in front follow, and a company never synced is synced
// first: until then the cache holds only the recruiter's own responses.

// scopeUnsyncedMsg says the company's lists were never synced.
type scopeUnsyncedMsg struct{}

// toggleScope switches what the screens of responses show.
func (m *Model) toggleScope() tea.Cmd {
	sw, ok := m.st.(ScopeSwitch)
	if !ok {
		return nil
	}
	company := !sw.ShowsCompany()
	sw.ShowCompany(company)
	t := m.c.Text.Status
	m.status.Say(map[bool]string{true: t.ShowingCompany, false: t.ShowingMine}[company])
	cmds := []tea.Cmd{m.loadCounts(), m.updatePane(paneTriage, triage.ScopeChanged{Label: m.scopeLabel()})}
	// The overview in front reads its figures again, of the scope shown.
	cmds = append(cmds, m.rescoped())
	if company && m.backend != nil && m.loggedIn {
		cmds = append(cmds, func() tea.Msg {
			if synced, err := sw.Synced(context.Background(), store.ScopeCompany); err == nil && !synced {
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

// syncCompany syncs the company's lists, as a sync is run and shown.
func (m *Model) syncCompany() tea.Cmd {
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
