package overview

import (
	"context"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/criteria"
)

// The view by recruiter (issue 30 §1): on its key the screen shows each
// recruiter of the scope (a vacancy's owner) instead of each vacancy, the
// team summed on top and the window against the span before at the foot
// (§3); enter narrows the list to the recruiter's vacancies' responses.

// RecruiterSource reads the figures by recruiter; store.ScopedStore is
// one. A Source without it has no view by recruiter (the key says so by
// doing nothing).
type RecruiterSource interface {
	Recruiters(ctx context.Context, q store.OverviewQuery, limit time.Duration) (store.ByRecruiter, error)
}

// teamState is the view by recruiter's part of the model.
type teamState struct {
	on     bool
	loaded bool
	err    error
	by     store.ByRecruiter
	names  map[int64]string // config.toml's [recruiters]
	cursor int
	offset int
}

// teamLoadedMsg brings the figures by recruiter of load number seq.
type teamLoadedMsg struct {
	seq int
	by  store.ByRecruiter
	err error
}

// SetRecruiterNames gives the screen config.toml's [recruiters].
func (m *Model) SetRecruiterNames(names map[int64]string) { m.team.names = names }

// ByRecruiter says whether the screen shows the recruiters.
func (m *Model) ByRecruiter() bool { return m.team.on }

// loadTeam reads the figures by recruiter: near and past the limits per
// stage (issue 30 §2), and past them in the window's comparison; with no
// limits set, stale_after is every stage's there.
func (m *Model) loadTeam() tea.Cmd {
	rs, ok := m.src.(RecruiterSource)
	if !ok {
		return nil
	}
	m.teamSeq++
	seq := m.teamSeq
	now := m.c.Now()
	q := store.OverviewQuery{Scope: m.scope, Now: now, Days: 7, StaleBefore: criteria.StaleBefore(now, m.staleAfter), Limits: m.limits}
	limit := now.Sub(q.StaleBefore)
	return func() tea.Msg {
		by, err := rs.Recruiters(context.Background(), q, limit)
		return teamLoadedMsg{seq: seq, by: by, err: err}
	}
}

// toggleTeam switches between the vacancies and the recruiters.
func (m *Model) toggleTeam() tea.Cmd {
	if _, ok := m.src.(RecruiterSource); !ok {
		return nil
	}
	m.team.on = !m.team.on
	if m.team.on {
		return m.loadTeam()
	}
	return m.Reload()
}

// teamLoaded takes a load's figures when it is the newest.
func (m *Model) teamLoaded(msg teamLoadedMsg) {
	if msg.seq != m.teamSeq {
		return
	}
	m.team.loaded, m.team.err = true, msg.err
	if msg.err == nil {
		m.team.by = msg.by
		m.team.cursor = min(m.team.cursor, max(len(msg.by.Recruiters)-1, 0))
		m.clampTeam()
	}
}

// teamRows is how many recruiters fit under the state line, the heads
// and the team's lines, above the foot.
func (m *Model) teamRows() int {
	per := m.teamPer()
	return max((m.height-1-2*per-len(m.weekLines()))/per, 0)
}

func (m *Model) clampTeam() {
	n, rows := len(m.team.by.Recruiters), m.teamRows()
	m.team.cursor = max(min(m.team.cursor, n-1), 0)
	if m.team.cursor < m.team.offset {
		m.team.offset = m.team.cursor
	}
	if rows > 0 && m.team.cursor >= m.team.offset+rows {
		m.team.offset = m.team.cursor - rows + 1
	}
	m.team.offset = max(min(m.team.offset, n-rows), 0)
}

// teamKey is a key of the view by recruiter: up and down, enter for the
// recruiter's responses, the key again or esc back to the vacancies.
func (m *Model) teamKey(msg tea.KeyPressMsg) (action.Action, tea.Cmd) {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.Down):
		m.team.cursor++
	case key.Matches(msg, k.Up):
		m.team.cursor--
	case key.Matches(msg, k.Top):
		m.team.cursor = 0
	case key.Matches(msg, k.Bottom):
		m.team.cursor = len(m.team.by.Recruiters) - 1
	case key.Matches(msg, k.Open):
		if r, ok := m.SelectedRecruiter(); ok {
			if q := vacanciesQuery(r.Vacancies); q != "" {
				return action.Search{Text: q, Done: true}, nil
			}
		}
	case key.Matches(msg, k.ByRecruiter), key.Matches(msg, k.Back):
		return nil, m.toggleTeam()
	}
	m.clampTeam()
	return nil, nil
}

// SelectedRecruiter is the recruiter under the cursor.
func (m *Model) SelectedRecruiter() (store.RecruiterFigures, bool) {
	rs := m.team.by.Recruiters
	if m.team.cursor < 0 || m.team.cursor >= len(rs) {
		return store.RecruiterFigures{}, false
	}
	return rs[m.team.cursor], true
}

// vacanciesQuery is the search for the responses of these vacancies, in
// the list's one search language: "vacancy:1 or vacancy:2".
func vacanciesQuery(ids []int64) string {
	terms := make([]string, 0, len(ids))
	for _, id := range ids {
		if id > 0 { // the responses without a vacancy have no term
			terms = append(terms, "vacancy:"+strconv.FormatInt(id, 10))
		}
	}
	return strings.Join(terms, " or ")
}
