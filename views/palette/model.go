// Package palette is the command palette (issue 31 §1): `:` opens it over
// any screen; a few letters of either language find an action of any
// screen with its key, a saved view, a folder or a vacancy; enter does it.
// An action is done by feeding its key back through the workstation, so
// it asks the same question and is undone the same way as the key; what
// has no key (a vacancy, a user folder) is the action the screens already
// ask for. A dialog like views/dialogs': it does no I/O but read the
// vacancies in a command.
package palette

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// Source is what the palette reads: the vacancies it names by title.
type Source interface {
	Vacancies(ctx context.Context) ([]store.Vacancy, error)
}

// vacanciesMsg brings the vacancies read.
type vacanciesMsg struct{ vacancies []store.Vacancy }

// maxWidth keeps the palette as wide as the other dialogs at most.
const maxWidth = 84

// Model is the palette dialog (dialogs.Dialog).
type Model struct {
	c       *common.Common
	words   i18n.PaletteText
	facts   Facts
	entries []Entry
	shown   []int // indexes of entries, ranked for what is typed
	input   textinput.Model
	cursor  int // in shown
	offset  int // the first of shown drawn
	width   int
	height  int
}

// New opens the palette for what the root knows (f); src may be nil (no
// vacancies listed). The command reads the vacancies and starts the
// cursor.
func New(c *common.Common, f Facts, src Source) (*Model, tea.Cmd) {
	m := &Model{c: c, words: c.Text.Palette(), facts: f, input: textinput.New()}
	m.input.Prompt = "> "
	m.input.SetStyles(c.Styles.TextInput())
	m.rebuild()
	cmd := m.input.Focus()
	if src != nil {
		cmd = tea.Batch(cmd, func() tea.Msg {
			v, _ := src.Vacancies(context.Background())
			return vacanciesMsg{v}
		})
	}
	return m, cmd
}

// rebuild makes the entries from the facts and ranks them again.
func (m *Model) rebuild() {
	m.entries = Entries(m.facts, m.c.Lang)
	m.rank()
}

// rank orders the entries for what is typed; the cursor goes to the best.
func (m *Model) rank() {
	m.shown = Rank(m.entries, m.input.Value())
	m.cursor, m.offset = 0, 0
}

// SetSize implements dialogs.Dialog.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(min(w-4, maxWidth), 24), h
	m.input.SetWidth(max(m.inner()-4, 4))
}

func (m *Model) inner() int {
	return max(m.width-m.c.Styles.Dialog.Box.GetHorizontalFrameSize(), 10)
}

// maxRows keeps a tall screen's palette a list to read, not a wall.
const maxRows = 20

// rows is how many entries fit: the box's frame, the title, the line
// typed, the blank lines around the list and the hint take the rest.
func (m *Model) rows() int {
	return min(max(m.height-m.c.Styles.Dialog.Box.GetVerticalFrameSize()-6, 3), maxRows)
}

// Update implements dialogs.Dialog.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case vacanciesMsg:
		m.facts.Vacancies = msg.vacancies
		m.rebuild()
		return nil, nil
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return nil, cmd
}

// key: esc closes, enter does the entry, the arrows and tab move, the
// rest is typed.
func (m *Model) key(msg tea.KeyPressMsg) (action.Action, tea.Cmd) {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.DialogCancel):
		return action.Close{}, nil
	case key.Matches(msg, k.DialogConfirm):
		return m.choose()
	case key.Matches(msg, k.DialogDown, k.DialogNext):
		m.move(1)
		return nil, nil
	case key.Matches(msg, k.DialogUp, k.DialogPrev):
		m.move(-1)
		return nil, nil
	}
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() != before {
		m.rank()
	}
	return nil, cmd
}

// move steps the cursor, the list scrolling to keep it in sight.
func (m *Model) move(by int) {
	if len(m.shown) == 0 {
		return
	}
	m.cursor = max(min(m.cursor+by, len(m.shown)-1), 0)
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if rows := m.rows(); m.cursor >= m.offset+rows {
		m.offset = m.cursor - rows + 1
	}
}

// choose does the highlighted entry: its key fed back through the
// workstation as if pressed (the palette closes first), else the action
// it stands for. A dim entry with nothing to go to stays.
func (m *Model) choose() (action.Action, tea.Cmd) {
	e, ok := m.Highlighted()
	if !ok {
		return nil, nil
	}
	if e.press != "" {
		press, ok := keymap.Press(e.press)
		if !ok {
			return nil, nil
		}
		return action.Close{}, func() tea.Msg { return press }
	}
	if e.Disabled == "" && e.act != nil {
		return e.act, nil
	}
	return nil, nil
}

// Highlighted is the entry under the cursor.
func (m *Model) Highlighted() (Entry, bool) {
	if m.cursor >= len(m.shown) {
		return Entry{}, false
	}
	return m.entries[m.shown[m.cursor]], true
}

// View implements dialogs.Dialog: the title, what is typed, the entries
// (the list keeps its height as it narrows) and the hint.
func (m *Model) View() string {
	st := m.c.Styles
	inner := m.inner()
	lines := []string{st.Dialog.Title.Render(m.c.Fit(m.words.Title, inner)), m.c.Fit(m.input.View(), inner), ""}
	rows := m.rows()
	keyW := 0
	for _, i := range m.shown[m.offset:min(m.offset+rows, len(m.shown))] {
		keyW = max(keyW, ansi.StringWidth(m.entries[i].Key))
	}
	keyW = min(keyW, 12)
	for r := range rows {
		i := m.offset + r
		switch {
		case i < len(m.shown):
			lines = append(lines, m.row(m.entries[m.shown[i]], i == m.cursor, keyW, inner))
		case r == 0:
			lines = append(lines, st.Muted.Render(m.c.Fit(" "+m.words.Empty, inner)))
		default:
			lines = append(lines, "")
		}
	}
	k := m.c.Keys
	hint := fmt.Sprintf(m.words.Hint, label(k.DialogConfirm), label(k.DialogUp)+"/"+label(k.DialogDown), label(k.DialogCancel))
	lines = append(lines, "", st.Dialog.Hint.Render(m.c.Fit(hint, inner)))
	return st.Dialog.Box.Width(inner + st.Dialog.Box.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// row is one entry: its key, its kind when not an action, its title, and
// why it does not apply (dim).
func (m *Model) row(e Entry, current bool, keyW, w int) string {
	st := m.c.Styles
	text := " " + common.Fit(e.Key, keyW, st.Glyphs.Ellipsis) + "  "
	if kind := m.kind(e.Kind); kind != "" {
		text += kind + " · "
	}
	text += e.Title
	if e.Disabled != "" {
		text += " — " + e.Disabled
	}
	text = m.c.Fit(text, w)
	switch {
	case current:
		return st.List.Selected.Render(text)
	case e.Disabled != "":
		return st.Muted.Render(text)
	}
	return text
}

func (m *Model) kind(k Kind) string {
	switch k {
	case KindView:
		return m.words.View
	case KindFolder:
		return m.words.Folder
	case KindVacancy:
		return m.words.Vacancy
	case KindResume:
		return m.words.Resume
	}
	return ""
}

func label(b key.Binding) string { return b.Help().Key }
