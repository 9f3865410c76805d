package resumelist

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
)

// follow keeps the cursor on the resume it was on when a Reload began
// (m.keep). A window at the top of the list stays there, so new responses
// show above the cursor; a window scrolled down moves with the row, which
// then stays where the recruiter's eyes are. It returns the kept resume once the reload is
// through with it (found, or gone from the list: 0 while no reload keeps
// one) and whether it is: until then the list names no other resume to
// the detail panes.
func (m *Model) follow(msg PageMsg) (kept int64, settled bool) {
	if m.keep == 0 {
		return 0, true
	}
	kept = m.keep
	for i, r := range msg.Rows {
		if r.ResumeID != kept {
			continue
		}
		at := msg.Page*PageSize + i
		// The page proves the list holds at least this many rows, before
		// the count says how many.
		m.total = max(m.total, msg.Page*PageSize+len(msg.Rows))
		shift := at - m.pos.Cursor
		m.pos.Cursor = at
		if m.pos.Offset > 0 {
			m.pos.Offset = max(m.pos.Offset+shift, 0)
		}
		m.clampOffset()
		m.keep, m.seek = 0, false
		return kept, true
	}
	if m.seek && m.totalFresh && len(m.loading) == 0 && !m.hasTyped {
		// An undo's resume on none of the pages the reload brought (those
		// around the cursor; pages further off may linger unrefreshed, so
		// the list as a whole need not be Settled): the list asks where
		// it is (seekKept) and the cursor goes there.
		m.seek = false
		m.seeking = true
		return kept, false
	}
	if m.Settled() && !m.seeking {
		m.keep = 0 // it left the list: the cursor stays where it was
		return kept, true
	}
	return kept, false
}

// Positioner finds a resume's row in a list query (store.ListPosition): a
// source that has it lets the cursor return to a resume an undo brought
// back beyond the pages loaded (issue 28 §2).
type Positioner interface {
	ListPosition(ctx context.Context, q store.ListQuery, resumeID int64) (int, bool, error)
}

// positionMsg is where the kept resume is in the query of gen.
type positionMsg struct {
	gen int
	id  int64
	row int
	ok  bool
}

// seekKept asks the source where the kept resume is; a source that cannot
// say leaves the cursor where it was.
func (m *Model) seekKept() tea.Cmd {
	src, gen, id, ctx := m.src, m.gen, m.keep, m.loads
	q, qerr := m.compiled(m.query)
	q.Offset, q.Limit = 0, 0
	return func() tea.Msg {
		p, ok := src.(Positioner)
		if !ok || qerr != nil {
			return positionMsg{gen: gen, id: id}
		}
		row, found, err := p.ListPosition(ctx, q, id)
		// A failed look-up is no reason to say anything: the cursor stays.
		return positionMsg{gen: gen, id: id, row: row, ok: found && err == nil}
	}
}

// positioned moves the cursor to the row the kept resume holds and loads
// the pages there; the page's arrival settles the cursor on it (follow).
// Not found, the cursor stays where it was.
func (m *Model) positioned(msg positionMsg) (action.Action, tea.Cmd) {
	if msg.gen != m.gen || msg.id != m.keep || !m.seeking {
		return nil, nil // another query's, or the cursor was moved meanwhile
	}
	m.seeking = false
	if !msg.ok {
		m.keep = 0
		if r, ok := m.Selected(); ok && (r.ResumeID != m.shown || m.again) {
			return m.highlight(), nil
		}
		return nil, nil
	}
	m.total = max(m.total, msg.row+1)
	m.pos.Cursor = msg.row
	m.pos.Offset = max(msg.row-m.rowsVisible()/2, 0)
	m.clampOffset()
	return nil, m.loadAround()
}

// NameAgain makes the next load that settles the cursor name the resume
// under it (Highlight) even if it is the one named last: the resume
// changed, and the detail panes read it again once the list says which
// resume the cursor rests on after a reload.
func (m *Model) NameAgain() { m.again = true }
