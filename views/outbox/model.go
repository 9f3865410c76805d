// Package outbox is the workstation's outbox screen (7): the recruiter's
// actions the server does not have yet — waiting (a letter in its undo
// window with its countdown), sending, refused with the server's message,
// or of unknown outcome — with r to send again, d to dismiss and c to
// cancel, the rules of `hrdesk outbox`.
//
// It reads the cache itself, through its Source, when shown and whenever
// the root says the cache changed while it is in front; it carries out r,
// d and c in the cache itself (Settler), and tells the root what follows.
package outbox

import (
	"context"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/common"
)

// Source reads what is left to send; ui.Store satisfies it.
type Source interface {
	OutboxEntries(ctx context.Context) ([]store.OutboxEntry, error)
}

// Show opens the screen, the cursor on resume ResumeID's action once the
// entries are read (0: where it was).
type Show struct{ ResumeID int64 }

// Model is the outbox screen.
type Model struct {
	c             *common.Common
	src           Source
	settler       Settler                            // r, d and c (settle.go)
	loads         common.Loader[[]store.OutboxEntry] // only the newest read is shown
	width, height int
	focused       bool

	entries []store.OutboxEntry
	loaded  bool
	list    common.List
	// want is the resume whose action the cursor goes to when the
	// entries arrive (the list's marker opened the screen).
	want int64
}

// New makes an empty screen over a source.
func New(c *common.Common, src Source) *Model {
	return &Model{c: c, src: src}
}

// load reads the entries from the cache.
func (m *Model) load() tea.Cmd {
	src := m.src // asked when the command runs, not here
	return m.loads.Load(func(ctx context.Context) ([]store.OutboxEntry, error) { return src.OutboxEntries(ctx) })
}

// SetEntries replaces the actions, keeping the cursor on the same one (or
// putting it on the awaited resume's) and the marks on those still shown.
func (m *Model) SetEntries(es []store.OutboxEntry) {
	cur, _ := m.Selected()
	m.entries, m.loaded = es, true
	if m.want != 0 {
		m.list.Cursor = m.indexOf(m.want)
		m.want = 0
	} else {
		for i, e := range es {
			if e.ID == cur.ID {
				m.list.Cursor = i
			}
		}
	}
	m.list.Marks.Keep(func(id int64) bool {
		return slices.ContainsFunc(es, func(e store.OutboxEntry) bool { return e.ID == id })
	})
	m.clamp()
}

// indexOf is where resume id's action that most needs the recruiter is:
// refused or unknown before one still on its way; the first row when the
// resume has none.
func (m *Model) indexOf(resumeID int64) int {
	at := -1
	for i, e := range m.entries {
		if e.ResumeID != resumeID {
			continue
		}
		if e.State == store.StateFailed || e.State == store.StateUnknown {
			return i
		}
		if at < 0 {
			at = i
		}
	}
	return max(at, 0)
}

// Open shows the screen: the cursor goes to resume id's action once the
// entries are loaded (0: stays where it was).
func (m *Model) Open(resumeID int64) {
	m.want = resumeID
	if resumeID != 0 && m.loaded {
		m.list.Cursor = m.indexOf(resumeID)
		m.clamp()
	}
}

// SetSize sets the inner size (border excluded).
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 0), max(h, 0)
	m.clamp()
}

// Focus and Blur manage keyboard focus.
func (m *Model) Focus() { m.focused = true }
func (m *Model) Blur()  { m.focused = false }

// Selected is the action under the cursor.
func (m *Model) Selected() (store.OutboxEntry, bool) {
	if m.list.Cursor < 0 || m.list.Cursor >= len(m.entries) {
		return store.OutboxEntry{}, false
	}
	return m.entries[m.list.Cursor], true
}

// markedEntries is the marked actions, or the highlighted one.
func (m *Model) markedEntries() []store.OutboxEntry {
	var out []store.OutboxEntry
	for _, e := range m.entries {
		if m.list.Marks.Has(e.ID) {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		if e, ok := m.Selected(); ok {
			out = append(out, e)
		}
	}
	return out
}

// ClearMarks forgets the marks (after a key acted on them).
func (m *Model) ClearMarks() { m.list.Marks.Clear() }

// detailLines is the height of the highlighted action's lines under the
// table: the server's message in full, or what an unknown outcome means.
const detailLines = 4

// rows is the table's height: a head line, the column titles, and the
// detail lines with a rule above them.
func (m *Model) rows() int { return max(m.height-2-detailLines-1, 1) }

func (m *Model) clamp() { m.list.Clamp(len(m.entries), m.rows()) }

// Claims says the key is one of the screen's own, which come before the
// root's there (keymap's Outbox context: r sends again rather than syncs).
func (m *Model) Claims(msg tea.KeyPressMsg) bool {
	k := m.c.Keys
	return key.Matches(msg, k.OutboxRetry, k.OutboxDismiss, k.OutboxCancel)
}

// ShortHelp is the keys that apply to the highlighted action, for the footer.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	out := []key.Binding{k.Down, k.Up, k.Mark}
	if e, ok := m.Selected(); ok {
		switch e.State {
		case store.StateFailed, store.StateUnknown:
			out = append(out, k.OutboxRetry, k.OutboxDismiss)
		case store.StatePending:
			out = append(out, k.OutboxCancel)
		}
	}
	return append(out, k.Back)
}

// FullHelp is the screen's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.c.Keys
	return [][]key.Binding{{k.Down, k.Up, k.PageDown, k.PageUp, k.Top, k.Bottom, k.Back},
		{k.Mark, k.MarkAll, k.UnmarkAll, k.OutboxRetry, k.OutboxDismiss, k.OutboxCancel}}
}
