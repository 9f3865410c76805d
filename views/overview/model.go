// Package overview is the workstation's overview screen (8, issue 20): per
// vacancy the funnel (responses → considered → invited, and refused), the
// responses per day of the last 30 days as a sparkline with the trend, the
// responses nobody answered by age and the median time to
// the recruiter's first action; the resumes near and past their stage's
// time limit ([sla], issue 30 §2); all vacancies summed on top.
//
// It loads its figures itself, in a command, through the Source it was
// given (the cache, narrowed to the profile's scope by the root's store).
package overview

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// Source reads the figures; ui.Store satisfies it.
type Source interface {
	Overview(ctx context.Context, q store.OverviewQuery) (store.Overview, error)
}

// Order is how the vacancies are sorted; s cycles it.
type Order int

// Orders, in the order s cycles them: the ones needing attention first.
const (
	ByWaiting Order = iota
	ByResponses
	ByName
	orderCount
)

// Show opens the screen on the figures of Scope (the list's: the
// recruiter's own or the company's).
type Show struct{ Scope store.Scope }

// Model is the overview screen.
type Model struct {
	c             *common.Common
	src           Source
	staleAfter    time.Duration
	limits        store.Limits // the time limits per stage, for near and past
	scope         store.Scope
	width, height int
	focused       bool

	loads   common.Loader[store.Overview] // only the newest read is shown
	teamSeq int                           // the newest read of the figures by recruiter
	loaded  bool
	err     error
	figures store.Overview
	shown   []store.VacancyFigures // sorted and filtered
	stateW  int                    // the state column's width (state.go)
	order   Order
	list    common.List
	filter  textinput.Model
	typing  bool
	team    teamState // the view by recruiter (recruiters.go)
}

// New makes the screen over a source; staleAfter is config's stale_after
// (0: its default).
func New(c *common.Common, src Source, staleAfter time.Duration) *Model {
	m := &Model{c: c, src: src, staleAfter: staleAfter, scope: store.ScopeMine, filter: textinput.New()}
	m.filter.Prompt = c.Text.Overview.Filter
	m.filter.SetStyles(c.Styles.TextInput())
	return m
}

// SetLimits gives the screen the time limits per stage (config's [sla],
// store.Limits): each vacancy's and recruiter's resumes near and past
// them are counted. Without them none are.
func (m *Model) SetLimits(l store.Limits) { m.limits = l }

// Open loads the figures of scope (the list's: the recruiter's own or the
// company's).
func (m *Model) Open(scope store.Scope) tea.Cmd {
	m.scope = scope
	return m.Reload()
}

// Reload reads the figures again (after a sync or the recruiter's actions).
func (m *Model) Reload() tea.Cmd {
	src, now := m.src, m.c.Now()
	q := store.OverviewQuery{Scope: m.scope, Now: now, StaleBefore: criteria.StaleBefore(now, m.staleAfter), Limits: m.limits}
	return m.loads.Load(func(ctx context.Context) (store.Overview, error) {
		o, err := src.Overview(ctx, q)
		if sz, ok := src.(snoozedSource); ok && err == nil {
			per, err := sz.SnoozedPerVacancy(ctx, q.Scope, now)
			if err != nil {
				return o, err
			}
			o.AddSnoozed(per)
		}
		return o, err
	})
}

// snoozedSource is a source that keeps snoozes: each vacancy's are
// counted (issue 31 §4).
type snoozedSource interface {
	SnoozedPerVacancy(ctx context.Context, scope store.Scope, now time.Time) (map[int64]int, error)
}

// Scope is the scope the figures are of.
func (m *Model) Scope() store.Scope { return m.scope }

// SetSize sets the inner size (border excluded).
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 0), max(h, 0)
	m.clamp()
	m.clampTeam()
}

// Focus, Blur and Focused manage keyboard focus.
func (m *Model) Focus()        { m.focused = true }
func (m *Model) Blur()         { m.focused = false; m.stopTyping() }
func (m *Model) Focused() bool { return m.focused }

// Typing: the title filter takes every printable key while it is open.
func (m *Model) Typing() bool { return m.typing }

func (m *Model) stopTyping() {
	m.typing = false
	m.filter.Blur()
}

// Selected is the vacancy under the cursor.
func (m *Model) Selected() (store.VacancyFigures, bool) {
	if m.list.Cursor < 0 || m.list.Cursor >= len(m.shown) {
		return store.VacancyFigures{}, false
	}
	return m.shown[m.list.Cursor], true
}

// Figures are the figures last read (every vacancy, before the filter).
func (m *Model) Figures() store.Overview { return m.figures }

// Order is the sort.
func (m *Model) Order() Order { return m.order }

// headLines is the lines above the vacancies: the state line, the column
// heads and the sum of all vacancies, two lines each.
const headLines = 5

// perVacancy is the lines a vacancy takes.
const perVacancy = 2

// rows is how many vacancies fit above the legend.
func (m *Model) rows() int { return max((m.height-headLines-m.footLines())/perVacancy, 0) }

func (m *Model) clamp() { m.list.Clamp(len(m.shown), m.rows()) }

// arrange sorts and filters the vacancies, keeping the cursor on the one
// it was on.
func (m *Model) arrange() {
	cur, had := m.Selected()
	needle := strings.ToLower(strings.TrimSpace(m.filter.Value()))
	m.shown = m.shown[:0]
	for _, f := range m.figures.Vacancies {
		if needle == "" || strings.Contains(strings.ToLower(m.title(f)), needle) {
			m.shown = append(m.shown, f)
		}
	}
	slices.SortStableFunc(m.shown, func(a, b store.VacancyFigures) int {
		byName := cmp.Or(cmp.Compare(strings.ToLower(m.title(a)), strings.ToLower(m.title(b))), cmp.Compare(a.VacancyID, b.VacancyID))
		switch m.order {
		case ByWaiting:
			return cmp.Or(cmp.Compare(b.Waiting, a.Waiting), cmp.Compare(b.PastLimit, a.PastLimit), cmp.Compare(b.NearLimit, a.NearLimit),
				cmp.Compare(b.Responses, a.Responses), byName)
		case ByResponses:
			return cmp.Or(cmp.Compare(b.Responses, a.Responses), byName)
		}
		return byName
	})
	m.list.Cursor = 0
	for i, f := range m.shown {
		if had && f.VacancyID == cur.VacancyID {
			m.list.Cursor = i
		}
	}
	m.clamp()
}

// title is a vacancy's name on screen.
func (m *Model) title(f store.VacancyFigures) string {
	switch {
	case f.Title != "":
		return f.Title
	case f.VacancyID == 0:
		return m.c.Text.Overview.NoVacancy
	}
	return "#" + itoa(f.VacancyID)
}

// ShortHelp is the screen's keys, for the footer.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	if m.typing {
		return []key.Binding{k.DialogConfirm, k.DialogCancel}
	}
	if m.team.on {
		return []key.Binding{k.Down, k.Up, k.Open, k.ByRecruiter, k.Back}
	}
	return []key.Binding{k.Down, k.Up, k.Open, k.Sort, k.Filter, k.Back}
}

// FullHelp is the screen's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.c.Keys
	return [][]key.Binding{{k.Down, k.Up, k.PageDown, k.PageUp, k.Top, k.Bottom}, {k.Open, k.Sort, k.Filter, k.ByRecruiter, k.Scope, k.Back}}
}
