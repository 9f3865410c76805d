package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/common"
	"hrdesk/views/outbox"
	"hrdesk/views/overview"
	"hrdesk/views/selections"
	"hrdesk/views/triage"
	"hrdesk/views/vacancies"
)

// The screen table (issue 29 §1): one row per screen drives its address,
// its size and drawing, its tab and key, what it is told when opened and
// when the cache changes. Adding a screen is a folder under views/ and a
// row here, with its id and its source: no other file of the root.

// The screens' ids, in the table's order (paneID, address.go): the
// triage screen first, then the ones with a tab, as the strip shows them.
const (
	paneTriage paneID = iota // folders, list, resume, history, comments, filter
	paneVacancies
	paneSelections
	paneOutbox
	paneOverview
	screenCount // the root's own panes are numbered after the screens
)

// Sources is what the screens read from the cache, one source each;
// Store (deps.go) is these and the root's own reads and writes.
type Sources interface {
	triage.Source
	vacancies.Source
	selections.Source
	outbox.Source
	outbox.Settler // its keys' writes (issue 11 §3)
	overview.Source
}

// screenRow is a row of the table.
type screenRow struct {
	pane common.Pane
	// key opens it, tab and count are its tab in the strip (nil: triage,
	// which its folders' keys lead to, and which has no tab).
	key        func() key.Binding
	tab, count func() string
	// title is its box's title under the strip (nil: the screen draws its
	// own frame and strip, as triage does).
	title func() string
	// show is what it is told when opened; read before the screen
	// changes, so it may ask what was in front.
	show func() tea.Msg
	// scoped: it shows responses of the session's scope, so C switches
	// the scope there and it is shown again of the new one.
	scoped bool
	// keepsNote: opening it leaves the status line as it is (the outbox,
	// where a note about a send leads).
	keepsNote bool
}

// table builds the screens over the cache; the triage screen is built
// first (New), the root talks to it by name.
func (m *Model) table(st Sources) [screenCount]screenRow {
	c, k := m.c, &m.c.Keys
	return [screenCount]screenRow{
		paneTriage: {pane: m.triage, scoped: true},
		paneVacancies: {
			pane:  vacancies.New(c, st),
			key:   func() key.Binding { return k.ScreenVacancies },
			tab:   func() string { return c.Text.Vacancies.Title },
			title: func() string { return c.Text.Vacancies.Title },
			show:  func() tea.Msg { return vacancies.Show{} },
		},
		paneSelections: {
			pane:  selections.New(c, st),
			key:   func() key.Binding { return k.ScreenSelections },
			tab:   func() string { return c.Text.Selections.Tab },
			title: func() string { return c.Text.Selections.Title },
			show:  func() tea.Msg { return selections.Show{} },
		},
		paneOutbox: {
			pane:      newOutbox(c, st),
			key:       func() key.Binding { return k.ScreenOutbox },
			tab:       func() string { return c.Text.Outbox.Title },
			count:     m.outboxTabCount,
			title:     func() string { return c.Text.Outbox.Title },
			show:      m.showOutbox,
			keepsNote: true,
		},
		paneOverview: {
			pane:   newOverview(c, st, m.opts),
			key:    func() key.Binding { return k.ScreenOverview },
			tab:    func() string { return c.Text.Overview.Title },
			title:  m.scopedTitle(func() string { return c.Text.Overview.Title }),
			show:   func() tea.Msg { return overview.Show{Scope: m.triage.Scope()} },
			scoped: true,
		},
	}
}

// isScreen says id is a row of the table, not one of the root's own panes.
func (id paneID) isScreen() bool { return id >= 0 && id < screenCount }

// scopedTitle is a box's title with the scope when it is not the one the
// profile opens with (as the list's title says it).
func (m *Model) scopedTitle(title func() string) func() string {
	return func() string {
		if label := m.scopeLabel(); label != "" {
			return title() + " · " + label
		}
		return title()
	}
}

// outboxTabCount is the outbox tab's count: what it lists, marked when
// some of it needs the recruiter.
func (m *Model) outboxTabCount() string {
	o := m.counts
	listed, unsettled := o.Pending+o.InFlight+o.Failed+o.Unknown, o.Failed+o.Unknown
	if listed == 0 {
		return ""
	}
	out := fmt.Sprint(listed)
	if unsettled > 0 {
		out += m.c.Styles.Glyphs.Failed
	}
	return out
}

// showOutbox opens the outbox on the highlighted resume's action when
// triage was in front: the list's ! or ? marker leads to its entry.
func (m *Model) showOutbox() tea.Msg {
	var resume int64
	if m.mode == paneTriage {
		if r, ok := m.triage.Highlighted(); ok && (r.Failed > 0 || r.Unknown > 0 || r.Pending > 0) {
			resume = r.ResumeID
		}
	}
	return outbox.Show{ResumeID: resume}
}

// rescoped shows the screen in front again after C when it shows
// responses of the scope (the overview reads its figures of the new one);
// the triage screen is told itself (scope.go).
func (m *Model) rescoped() tea.Cmd {
	if m.mode == paneTriage || !m.mode.isScreen() || !m.screens[m.mode].scoped {
		return nil
	}
	return m.updatePane(m.mode, m.screens[m.mode].show())
}

// newOutbox is the outbox screen, carrying out its keys in the cache.
func newOutbox(c *common.Common, st Sources) *outbox.Model {
	o := outbox.New(c, st)
	o.SettleWith(st)
	return o
}

// newOverview is the overview pane with the names config.toml gives the
// recruiters ([recruiters], issue 30 §1) and the limits per stage ([sla],
// §2: near and past them per vacancy and recruiter).
func newOverview(c *common.Common, st Sources, opts Options) *overview.Model {
	o := overview.New(c, st, opts.StaleAfter)
	o.SetRecruiterNames(opts.RecruiterNames)
	o.SetLimits(opts.Limits)
	return o
}
