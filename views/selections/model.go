// Package selections is the workstation's screen of resume selections
// (the employer's saved searches, contract 4.6): the list with e-mail
// delivery on or off, a form to create and edit them, and toggling and
// deleting through messages the root turns into server calls. It reads
// the cache itself, through its Source, when shown and whenever the root
// says the cache changed.
package selections

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/common"
)

// Source reads the selections; ui.Store satisfies it.
type Source interface {
	Selections(ctx context.Context) ([]store.Selection, error)
}

// Show opens the screen: it shows the cache at once and asks the root to
// read the selections again from the server.
type Show struct{}

// Model is the selections screen.
type Model struct {
	c             *common.Common
	src           Source
	loads         common.Loader[[]store.Selection] // only the newest read is shown
	width, height int
	focused       bool

	all      []store.Selection
	rowCells [][]string // the table's cells of each selection
	list     common.List

	form *form // nil: the list
}

// New makes an empty screen over a source.
func New(c *common.Common, src Source) *Model { return &Model{c: c, src: src} }

// load reads the selections from the cache.
func (m *Model) load() tea.Cmd {
	src := m.src // asked when the command runs, not here
	return m.loads.Load(func(ctx context.Context) ([]store.Selection, error) { return src.Selections(ctx) })
}

// SetSelections replaces the list, keeping the cursor on the same one.
func (m *Model) SetSelections(ss []store.Selection) {
	cur, ok := m.Selected()
	m.all = ss
	// Decoded once here, not on every frame.
	m.rowCells = make([][]string, len(ss))
	for i, sel := range ss {
		m.rowCells[i] = m.cells(sel)
	}
	if ok {
		for i, s := range ss {
			if s.ID == cur.ID {
				m.list.Cursor = i
			}
		}
	}
	m.clamp()
}

// SetSize sets the inner size (border excluded).
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 0), max(h, 0)
	m.clamp()
	if m.form != nil {
		m.form.setWidth(m.width)
	}
}

// Focus, Blur and Focused manage keyboard focus.
func (m *Model) Focus()        { m.focused = true }
func (m *Model) Blur()         { m.focused = false }
func (m *Model) Focused() bool { return m.focused }

// Typing says the form is open: every printable key is typing then, so
// the root must not take q, r or 1–6 for itself.
func (m *Model) Typing() bool { return m.form != nil }

// Selected is the selection under the cursor.
func (m *Model) Selected() (store.Selection, bool) {
	if m.list.Cursor < 0 || m.list.Cursor >= len(m.all) {
		return store.Selection{}, false
	}
	return m.all[m.list.Cursor], true
}

func (m *Model) rows() int { return max(m.height-2, 0) }

func (m *Model) clamp() {
	m.list.Clamp(len(m.all), m.rows())
}

// ShortHelp is the keys of the screen, for the footer.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	if m.form != nil {
		save := k.DialogSubmit // "send" elsewhere; here it saves
		save.SetHelp(save.Help().Key, strings.ToLower(m.c.Text.Buttons.Save))
		return []key.Binding{k.DialogNext, k.DialogPrev, save, k.DialogCancel}
	}
	return []key.Binding{k.Down, k.Up, k.Open, k.NewSelection, k.ToggleMail, k.DeleteSelection}
}
