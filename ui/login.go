package ui

import (
	"context"
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// loginForm is the login screen: shown when the profile has no session,
// or on L. Esc leaves it to browse the cache offline.
type loginForm struct {
	login, password textinput.Model
	field           int // 0 login, 1 password
	busy            bool
	err             string
}

type loginDoneMsg struct{ err error }

func (m *Model) newLoginForm() *loginForm {
	f := &loginForm{login: textinput.New(), password: textinput.New()}
	f.login.Placeholder = "you@company.example"
	f.password.EchoMode = textinput.EchoPassword
	f.password.EchoCharacter = '•'
	for _, in := range []*textinput.Model{&f.login, &f.password} {
		in.SetStyles(m.c.Styles.TextInput())
		in.Prompt = ""
		in.SetWidth(32)
	}
	return f
}

// openLogin shows the login screen.
func (m *Model) openLogin() tea.Cmd {
	m.loginForm = m.newLoginForm()
	return m.loginForm.login.Focus()
}

func (m *Model) loginKey(msg tea.KeyPressMsg) tea.Cmd {
	f := m.loginForm
	k := m.c.Keys
	if f.busy {
		return nil
	}
	switch {
	case key.Matches(msg, k.DialogCancel):
		m.loginForm = nil
		return nil
	case key.Matches(msg, k.DialogNext, k.DialogPrev, k.DialogDown, k.DialogUp):
		return f.switchField()
	case key.Matches(msg, k.DialogConfirm):
		if f.field == 0 {
			return f.switchField()
		}
		login, pw := strings.TrimSpace(f.login.Value()), f.password.Value()
		if login == "" || pw == "" {
			f.err = m.c.Text.Login.WrongCredentials
			return nil
		}
		f.busy, f.err = true, ""
		b := m.backend
		return func() tea.Msg { return loginDoneMsg{err: b.Login(context.Background(), login, pw)} }
	}
	var cmd tea.Cmd
	if f.field == 0 {
		f.login, cmd = f.login.Update(msg)
	} else {
		f.password, cmd = f.password.Update(msg)
	}
	return cmd
}

func (f *loginForm) switchField() tea.Cmd {
	f.field = 1 - f.field
	if f.field == 0 {
		f.password.Blur()
		return f.login.Focus()
	}
	f.login.Blur()
	return f.password.Focus()
}

func (m *Model) loginDone(msg loginDoneMsg) tea.Cmd {
	if m.loginForm == nil {
		return nil
	}
	m.loginForm.busy = false
	if msg.err != nil {
		// The backend words login failures itself (wrong password, too
		// many attempts, unknown application); only "offline" is ours.
		switch p := m.opts.Explain(msg.err); {
		case errors.Is(msg.err, ErrWrongCredentials):
			m.loginForm.err = m.c.Text.Login.WrongCredentials
		case errors.Is(msg.err, ErrTooManyAttempts):
			m.loginForm.err = m.c.Text.Login.TooManyAttempts
		case p.Offline:
			m.loginForm.err = m.c.Text.Login.Offline
		case msg.err.Error() != "":
			m.loginForm.err = msg.err.Error()
		default:
			m.loginForm.err = m.c.Text.Login.WrongCredentials
		}
		m.loginForm.password.SetValue("")
		return nil
	}
	m.loginForm = nil
	m.problem = ""
	return m.startSync()
}

// loginScreen draws the form in the middle of the screen.
func (m *Model) loginScreen() string {
	f := m.loginForm
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
	var parts []string
	parts = append(parts, st.Title.Render(t.Title), st.Subtitle.Render(t.Subtitle), "",
		field(t.Login, f.login, f.field == 0), field(t.Password, f.password, f.field == 1), "")
	switch {
	case f.busy:
		parts = append(parts, st.Hint.Render(t.InProgress))
	case f.err != "":
		parts = append(parts, st.Error.Render(f.err))
	default:
		parts = append(parts, st.Hint.Render(t.Hint))
	}
	if m.opts.LoginHint != "" {
		parts = append(parts, st.Hint.Render(m.opts.LoginHint))
	}
	form := st.Box.Render(lipgloss.JoinVertical(lipgloss.Left, parts...))
	screen := lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center, form)
	lines := strings.Split(screen, "\n")
	for i, l := range lines {
		lines[i] = fitLine(l, m.width)
	}
	for len(lines) < m.height {
		lines = append(lines, strings.Repeat(" ", m.width))
	}
	return strings.Join(lines[:m.height], "\n")
}
