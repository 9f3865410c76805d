package resumelist

import "context"

// Abandon ends the loads under way and starts none: the cache is about to
// change (an undo was asked for) and a Reload follows once it has. A bulk's
// undo otherwise ran beside the reads of the list its later had left (a
// page, its repeat markers, the position of the kept resume) on the same
// two cores, though their rows were to be replaced at once (issue 28 §7).
// The rows on screen stay, and the cursor: the Reload keeps its resume.
func (m *Model) Abandon() {
	if len(m.loading) == 0 && !m.seeking {
		return // nothing under way
	}
	if m.seeking {
		m.seeking, m.seek = false, true // asked again after the Reload
	}
	m.endCount()
	m.endLoads()
	m.gen++
	m.fresh, m.loading = map[int]bool{}, map[int]bool{}
	m.totalFresh = false
}

// endLoads ends the page loads of the generation being replaced: their
// results are dropped (loaded), so their queries need not run on.
func (m *Model) endLoads() {
	if m.stopLoads != nil {
		m.stopLoads()
	}
	m.loads, m.stopLoads = context.WithCancel(context.Background())
}
