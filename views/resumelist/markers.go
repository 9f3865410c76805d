package resumelist

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
)

// The repeat markers (↻: the applicant has other applications) follow
// the rows rather than come with them. At start over 100,000 resumes the
// first screenful's markers took 12-16 ms on a cold connection (4.6 MiB of
// the applicants' indexes read for the first time), 28 ms beside the
// counts, and the rows waited for them (issue 28 §7: the list came 2.2x
// `hrdesk --help`, 1.7x without the wait). A marker missing for a frame is
// better than the rows a frame later.
//
// They also wait for a count under way: a search's count of 37,000
// matches runs beside its screenful and page (countWithHead), and the
// markers of the page's 200 rows beside it took the count from 50 to
// 65-75 ms on a pty. Each row's marker is read once a generation: the
// page after a screenful asks for its other 150 only.

// markers is what the list read of its rows' markers in generation gen:
// the ids asked for (read), and those waiting for the count (waiting).
type markers struct {
	gen     int
	read    map[int64]bool
	waiting []int64
}

// askMarkers asks for the markers of rows not yet asked for in this
// generation: at once, or once the count under way has come.
func (m *Model) askMarkers(rows []store.EntryRow) tea.Cmd {
	if m.marks.gen != m.gen || m.marks.read == nil {
		m.marks = markers{gen: m.gen, read: map[int64]bool{}}
	}
	for _, r := range rows {
		if !m.marks.read[r.ResumeID] {
			m.marks.read[r.ResumeID] = true
			m.marks.waiting = append(m.marks.waiting, r.ResumeID)
		}
	}
	return m.flushMarkers()
}

// flushMarkers reads the waiting markers, unless a count is under way.
func (m *Model) flushMarkers() tea.Cmd {
	if m.marks.gen != m.gen || len(m.marks.waiting) == 0 || m.loading[-1] {
		return nil
	}
	ids := m.marks.waiting
	m.marks.waiting = nil
	src, gen, ctx := m.src, m.gen, m.loads
	return func() tea.Msg {
		counts, err := src.RepeatCounts(ctx, ids)
		if err != nil {
			return nil // no markers rather than a failed page
		}
		return RepeatsMsg{Gen: gen, IDs: ids, Counts: counts}
	}
}

// marked takes the markers read, redrawing the rows whose marker
// changed; a generation no longer shown has none here.
func (m *Model) marked(msg RepeatsMsg) {
	if msg.Gen != m.gen {
		return
	}
	changed := map[int64]bool{}
	for _, id := range msg.IDs {
		if n := msg.Counts[id]; n > 0 && m.repeats[id] != n {
			m.repeats[id], changed[id] = n, true
		} else if n <= 0 && m.repeats[id] > 0 {
			delete(m.repeats, id)
			changed[id] = true
		}
	}
	for page, rows := range m.pages {
		for i, r := range rows {
			if changed[r.ResumeID] {
				delete(m.lines, page*PageSize+i)
			}
		}
	}
}
