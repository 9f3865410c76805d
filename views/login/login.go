// Package login is the login screen: shown when the profile has no
// session, or on L. Esc leaves it to browse the cache offline.
package login

import (
	"hrdesk/problem"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"hrdesk/views/action"
	"hrdesk/views/common"
)

// Model is the login screen, drawn over the whole terminal.
type Model struct {
	c             *common.Common
	hint          string // an extra line under the form (the demo's credentials)
	width, height int

	login, password textinput.Model
	field           int // 0 login, 1 password
	busy            bool
	err             string
}

var (
	_ common.Pane   = (*Model)(nil)
	_ common.Typist = (*Model)(nil)
)

// New makes the login screen; hint is shown under the form when not empty.
func New(c *common.Common, hint string) *Model {
	m := &Model{c: c, hint: hint}
	m.reset()
	return m
}

func (m *Model) reset() {
	m.login, m.password = textinput.New(), textinput.New()
	m.login.Placeholder = "you@company.example"
	m.password.EchoMode = textinput.EchoPassword
	m.password.EchoCharacter = '•'
	for _, in := range []*textinput.Model{&m.login, &m.password} {
		in.SetStyles(m.c.Styles.TextInput())
		in.Prompt = ""
		in.SetWidth(32)
	}
	m.field, m.busy, m.err = 0, false, ""
}

// Remember puts login in the login field, as the login to offer when the
// form opens (config.toml's login); what is typed later replaces it.
func (m *Model) Remember(login string) { m.login.SetValue(strings.TrimSpace(login)) }

// Field is which field has the cursor: 0 the login, 1 the password.
func (m *Model) Field() int { return m.field }

// Open shows the form with the last login typed in this session kept and
// the cursor in the password field (issue 28 §5: L again gave an empty
// login); with no login yet, an empty form with the cursor in the login
// field. The password is never kept.
func (m *Model) Open() tea.Cmd {
	last := m.login.Value()
	m.reset()
	if strings.TrimSpace(last) == "" {
		return m.login.Focus()
	}
	m.login.SetValue(last)
	m.field = 1
	return m.password.Focus()
}

// SetSize sets the whole screen's size.
func (m *Model) SetSize(w, h int) { m.width, m.height = max(w, 0), max(h, 0) }

// Focus and Blur: the screen has the keyboard whenever it is shown.
func (m *Model) Focus() {}
func (m *Model) Blur()  {}

// Typing: the form takes every printable key.
func (m *Model) Typing() bool { return true }

// Update edits the fields, asks the root to log in on enter in the
// password field, and words the answer.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case action.DoneMsg:
		m.done(msg.Problem)
		return nil, nil
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return nil, m.updateField(msg) // paste, the cursor's blink
}

func (m *Model) key(msg tea.KeyPressMsg) (action.Action, tea.Cmd) {
	if m.busy {
		return nil, nil
	}
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.DialogCancel):
		return action.Leave{}, nil
	case key.Matches(msg, k.DialogNext, k.DialogPrev, k.DialogDown, k.DialogUp):
		return nil, m.switchField()
	case key.Matches(msg, k.DialogConfirm):
		if m.field == 0 {
			return nil, m.switchField()
		}
		login, pw := strings.TrimSpace(m.login.Value()), m.password.Value()
		if login == "" || pw == "" {
			m.err = m.c.Text.Login.WrongCredentials
			return nil, nil
		}
		m.busy, m.err = true, ""
		return action.LogIn{Login: login, Password: pw}, nil
	}
	return nil, m.updateField(msg)
}

func (m *Model) updateField(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	if m.field == 0 {
		m.login, cmd = m.login.Update(msg)
	} else {
		m.password, cmd = m.password.Update(msg)
	}
	return cmd
}

func (m *Model) switchField() tea.Cmd {
	m.field = 1 - m.field
	if m.field == 0 {
		m.password.Blur()
		return m.login.Focus()
	}
	m.login.Blur()
	return m.password.Focus()
}

// done words a failed login in the UI's language; the password is
// cleared for another try.
func (m *Model) done(p problem.Problem) {
	m.busy = false
	switch p.Kind {
	case problem.None:
		return
	case problem.Offline:
		m.err = m.c.Text.Login.Offline // the login's own words: it needs the server
	default:
		m.err = m.c.Words(p)
	}
	if m.err == "" {
		m.err = m.c.Text.Login.WrongCredentials
	}
	m.password.SetValue("")
}

// View draws the form in the middle of the screen.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	t := m.c.Text.Login
	st := m.c.Styles.Login
	// The input's own view is already styled: wrapping it in another
	// style (an underline) would cut its escape sequences apart.
	field := func(label string, in textinput.Model, focused bool) string {
		mark := "  "
		if focused {
			mark = "> "
		}
		return st.Label.Render(label) + "\n" + mark + in.View()
	}
	parts := []string{st.Title.Render(t.Title), st.Subtitle.Render(t.Subtitle), "",
		field(t.Login, m.login, m.field == 0), field(t.Password, m.password, m.field == 1), ""}
	switch {
	case m.busy:
		parts = append(parts, st.Hint.Render(t.InProgress))
	case m.err != "":
		parts = append(parts, st.Error.Render(m.err))
	default:
		parts = append(parts, st.Hint.Render(t.Hint))
	}
	if m.hint != "" {
		parts = append(parts, st.Hint.Render(m.hint))
	}
	form := st.Box.Render(lipgloss.JoinVertical(lipgloss.Left, parts...))
	screen := lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center, form)
	return common.Block(strings.Split(screen, "\n"), m.width, m.height)
}

// ShortHelp is the screen's keys.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	return []key.Binding{k.DialogNext, k.DialogConfirm, k.DialogCancel}
}

// FullHelp is the screen's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }
