// Package filter is the query line (`/`): it takes the title of the list
// pane while the recruiter types, and asks the root to search at every
// change of its text (the list runs it at once, or after the query it is
// loading: resumelist.Model.Search). The text is the query language
// (package query); a mistake is drawn under the line at its place, and the
// list keeps its last valid result.
package filter

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/query"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// Model is the filter line.
type Model struct {
	c       *common.Common
	input   textinput.Model
	focused bool
	// switched says the line switched between every folder and the
	// folder an odd number of times since it opened: esc switches back.
	switched bool
	// width is the line's, as a box title (0: not told).
	width int
	// err is the text's mistake: the line's own (Parse) or the list's
	// (a name no folder or vacancy has, SetError); nil when valid.
	err *query.Error
	// hint says what the field whose name is being typed takes (sal:
	// salary>=N…): the line is not searched meanwhile (query.Unfinished).
	// hintAt is the name's byte offset in the text: the hint goes under it.
	hint   string
	hintAt int
	// layout says what the text reads as in the other keyboard layout
	// when that is a query of fields and the text is not (layout.go).
	layout string
	// opened is the text when the line opened: esc after an edit gives it
	// back (the filter dialog's choices are on the line, issue 31 §2: an
	// esc that emptied the line took them with the words just typed).
	opened string
}

var (
	_ common.Pane   = (*Model)(nil)
	_ common.Typist = (*Model)(nil)
)

// New makes an empty filter line.
func New(c *common.Common) *Model {
	m := &Model{c: c, input: textinput.New()}
	m.input.Prompt = c.Text.Status.Filter
	m.input.SetStyles(c.Styles.TextInput())
	return m
}

// Open gives the line the keyboard and starts its cursor.
func (m *Model) Open() tea.Cmd {
	m.focused, m.switched = true, false
	m.opened = m.input.Value()
	return m.input.Focus()
}

// Focus gives the line the keyboard.
func (m *Model) Focus() { m.focused = true; m.input.Focus() }

// Blur takes the keyboard away; the text stays and still narrows the list.
func (m *Model) Blur() { m.focused = false; m.input.Blur() }

// Typing: the line takes every printable key while focused.
func (m *Model) Typing() bool { return m.focused }

// Active says the list is narrowed: the line stays in the list's title.
func (m *Model) Active() bool { return m.focused || m.input.Value() != "" }

// SetSize is a no-op: the line is drawn into the list's title, cut there.
func (m *Model) SetSize(w, _ int) { m.width = max(w, 0) }

// Update edits the text, and searches when it changes. Esc closes the
// line and gives back the text it opened with, or, when that is what it
// holds, clears it; enter closes it and keeps the text.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.BackgroundColorMsg:
		m.input.SetStyles(m.c.Styles.TextInput())
		return nil, nil
	case tea.KeyPressMsg:
		k := m.c.Keys
		switch {
		case key.Matches(msg, k.DialogCancel):
			m.Blur()
			if m.input.Value() != m.opened {
				m.input.SetValue(m.opened) // the edit is undone
				m.input.CursorEnd()
				s := m.search(true)
				s.Undo = m.switched
				return s, nil
			}
			m.input.SetValue("")
			m.err, m.hint, m.layout = nil, "", ""
			return action.Search{Done: true, Undo: m.switched}, nil
		case key.Matches(msg, k.DialogConfirm):
			m.Blur()
			return m.search(true), nil
		case key.Matches(msg, k.FilterEverywhere):
			m.switched = !m.switched
			return action.ToggleEverywhere{}, nil
		}
		return m.edit(msg)
	case tea.PasteMsg:
		return m.edit(msg)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg) // the cursor's blink
	return nil, cmd
}

// edit passes a key or a paste to the input; a changed text searches at
// once (no pause: the list keeps only the newest text while it loads).
func (m *Model) edit(msg tea.Msg) (action.Action, tea.Cmd) {
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() == before {
		return nil, cmd // the cursor moved
	}
	return m.search(false), cmd
}

// hintFrom is the fewest letters of a field's name that show its hint:
// one letter starts half the names typed, and the row the hint takes
// would jump the list at each.
const hintFrom = 2

// search is the action of the line's text: parsed, so a mistake is known
// at once and the list is not asked to show it. While a field's name is
// being typed (s, sal, зп) the list is not asked either: as a word it
// finds next to nothing, and the list looked emptied; from its second
// letter the hint says what the field takes. Enter searches the line as
// it is (the word was meant).
func (m *Model) search(done bool) action.Search {
	text := m.input.Value()
	m.err, m.hint, m.layout = nil, "", m.layoutSays(text)
	if _, err := query.Parse(text); err != nil {
		m.err, _ = err.(*query.Error)
		return action.Search{Text: text, Done: done, Invalid: true}
	}
	if m.focused && !done {
		if word, names := query.Unfinished(text); names != nil {
			if utf8.RuneCountInString(word) >= hintFrom {
				m.hint, m.hintAt = query.Hint(names, Lang(m.c.Lang)), len(text)-len(word)
			}
			return action.Search{Text: text, Invalid: true}
		}
	}
	return action.Search{Text: text, Done: done}
}

// SetText puts text on the line without searching, and returns the
// search it makes: the list is told apart (a jump to a vacancy empties
// the line, its way back restores it, the filter dialog writes its
// choices on it).
func (m *Model) SetText(text string) action.Search {
	m.input.SetValue(text)
	m.input.CursorEnd()
	return m.search(false)
}

// Text is the line as typed.
func (m *Model) Text() string { return m.input.Value() }

// SetError is the list's mistake in the line's text (a folder or vacancy
// named that nothing is); nil clears it.
func (m *Model) SetError(err *query.Error) { m.err = err }

// Err is the line's mistake, nil when its text is a query.
func (m *Model) Err() *query.Error { return m.err }

// Says is whether the line has something to say under itself: its
// mistake, or the hint for a field's name being typed.
func (m *Model) Says() bool { return m.err != nil || m.hint != "" || m.layout != "" }

// ErrorLine is the mistake as the line under the query line, width w: a
// mark under its place, the words after it (before it when there is no
// room after, alone when the place is cut off); the hint for a field's
// name being typed when there is no mistake; "" when neither.
func (m *Model) ErrorLine(w int) string {
	if w <= 0 || !m.Says() {
		return ""
	}
	if m.err == nil {
		// Under the name typed when it fits there, else from the start.
		line, at := m.hint, m.hintAt
		if line == "" {
			line, at = m.layout, 0 // under the whole text
		}
		col := ansi.StringWidth(m.input.Prompt) + ansi.StringWidth(m.input.Value()[:min(at, len(m.input.Value()))])
		if col+ansi.StringWidth(line) <= w {
			line = strings.Repeat(" ", col) + line
		}
		return m.c.Fit(m.c.Styles.Muted.Render(m.c.Fit(line, w)), w)
	}
	text := m.input.Value()
	pos := min(max(m.err.Pos, 0), len(text))
	col := ansi.StringWidth(m.input.Prompt) + ansi.StringWidth(text[:pos])
	msg := m.err.Message(Lang(m.c.Lang))
	if m.layout != "" {
		msg += m.c.Styles.Glyphs.Separator + m.layout
	}
	var line string
	switch {
	case col+2+ansi.StringWidth(msg) <= w:
		line = strings.Repeat(" ", col) + "^ " + msg
	case col >= 2 && col < w:
		lead := m.c.Fit(msg, col-1)
		line = strings.TrimRight(lead, " ")
		line = strings.Repeat(" ", col-1-ansi.StringWidth(line)) + line + " ^"
	default: // the place is off the line (or at its start): the words alone
		line = "^ " + msg
	}
	return m.c.Fit(m.c.Styles.Error.Render(m.c.Fit(line, w)), w)
}

// Lang is the query package's name of a UI language.
func Lang(l i18n.Lang) string {
	if l == i18n.RU {
		return "ru"
	}
	return "en"
}

// View is the line: prompt, text and cursor.
func (m *Model) View() string { return m.input.View() }

// Line is the line with what narrows the list after the text (the folder
// or every folder, the matches, the chips), and while typing the key that
// searches every folder or the folder again: a filter never narrows the
// list silently.
func (m *Model) Line(narrowing string, everywhere bool) string {
	sep := m.c.Styles.Glyphs.Separator
	line := m.input.View() + sep + narrowing
	if m.focused {
		hint := m.c.Text.Narrow.ToAll
		if everywhere {
			hint = m.c.Text.Narrow.ToFolder
		}
		// Whole or not at all (the footer names the key too): a key cut to
		// "c…" is no hint.
		hint = sep + fmt.Sprintf(hint, m.c.Keys.FilterEverywhere.Help().Key)
		if m.width == 0 || ansi.StringWidth(line+hint) <= m.width {
			line += hint
		}
	}
	return line
}

// ShortHelp is the footer's keys while typing.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	return []key.Binding{k.DialogConfirm, k.DialogCancel, k.FilterEverywhere}
}

// FullHelp is the line's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }
