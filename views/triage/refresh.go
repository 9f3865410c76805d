package triage

import (
	"slices"

	tea "charm.land/bubbletea/v2"
)

// After the cache changed (Refresh), the reads follow one another instead
// of starting at once: on two cores, four reads started together (the
// counts, the list, the resume, the root's outbox counts) each waited for
// the others, and each first emptied its reader's page cache after the
// writer's commit (issue 28 §7). The counts come first: after l or u the
// folder counts are what the recruiter looks at.

// refreshedMsg brings the counts a Refresh read first, with the Refresh,
// whose list and resume are read once the counts are in.
type refreshedMsg struct {
	counts countsMsg
	r      Refresh
}

// refreshCounts reads the counts of r alone.
func (m *Model) refreshCounts(r Refresh) tea.Cmd {
	counts := m.loadCounts()
	return func() tea.Msg {
		c, _ := counts().(countsMsg)
		return refreshedMsg{counts: c, r: r}
	}
}

// refreshed shows the counts a Refresh read, then reads its list, and the
// resume shown only when the change concerned it: a later or a move of
// other resumes leaves its content as it was. When the list is read
// again, the resume is read once the list names the resume highlighted
// (Highlight after the reload): the same one, at once, or the next one
// when it left the list, as the cursor resting on it reads it anyway.
func (m *Model) refreshed(msg refreshedMsg) tea.Cmd {
	m.showCounts(msg.counts)
	r := msg.r
	id := m.detail.ResumeID
	entry := r.Entry && id != 0 && (r.Resumes == nil || slices.Contains(r.Resumes, id))
	if !r.List {
		if entry {
			return m.loadEntry(id)
		}
		return nil
	}
	if entry {
		m.reread = id
		m.list.NameAgain()
	}
	return to(OnList, m.list.ReloadOn(r.Cursor))
}
