package theme

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// BubblesHelp styles bubbles' help.Model like the rest of the UI; its own
// defaults assume a dark background.
func (s Styles) BubblesHelp() help.Styles {
	return help.Styles{
		Ellipsis:       s.Help.Separator,
		ShortKey:       s.Help.Key,
		ShortDesc:      s.Help.Desc,
		ShortSeparator: s.Help.Separator,
		FullKey:        s.Help.Key,
		FullDesc:       s.Help.Desc,
		FullSeparator:  s.Help.Separator,
	}
}

// TextInput styles bubbles' textinput for dialogs, the filter line and the
// login screen. It starts from the bubble's DefaultStyles(isDark) so fields
// added upstream keep sane values.
func (s Styles) TextInput() textinput.Styles {
	t := textinput.DefaultStyles(s.IsDark)
	p := s.Palette
	t.Focused.Prompt = fg(p.Primary)
	t.Focused.Text = fg(p.Text)
	t.Focused.Placeholder = fg(p.Muted)
	t.Focused.Suggestion = fg(p.Muted)
	t.Blurred.Prompt = fg(p.Muted)
	t.Blurred.Text = fg(p.Muted)
	t.Blurred.Placeholder = fg(p.Muted)
	t.Blurred.Suggestion = fg(p.Muted)
	t.Cursor.Color = p.Primary
	// A steady cursor: a blinking one repaints twice a second, which over
	// SSH is traffic while the recruiter only reads.
	t.Cursor.Blink = false
	if s.NoColor {
		t.Focused.Prompt = lipgloss.NewStyle().Bold(true)
		t.Focused.Placeholder = lipgloss.NewStyle().Faint(true)
		t.Blurred.Placeholder = lipgloss.NewStyle().Faint(true)
		// nil keeps the terminal's own cursor colour.
		t.Cursor.Color = nil
	}
	return t
}

// TextArea styles bubbles' textarea for comment and letter bodies.
func (s Styles) TextArea() textarea.Styles {
	t := textarea.DefaultStyles(s.IsDark)
	p := s.Palette
	for _, st := range []*textarea.StyleState{&t.Focused, &t.Blurred} {
		st.Base = lipgloss.NewStyle()
		st.Text = fg(p.Text)
		st.Placeholder = fg(p.Muted)
		st.Prompt = fg(p.Border)
		st.LineNumber = fg(p.Muted)
		st.CursorLineNumber = fg(p.Primary)
		st.EndOfBuffer = fg(p.Border)
		st.CursorLine = lipgloss.NewStyle()
		st.Selection = lipgloss.NewStyle().Background(p.SelectedBg).Foreground(p.SelectedFg)
	}
	t.Blurred.Text = fg(p.Muted)
	t.Cursor.Color = p.Primary
	// A steady cursor: a blinking one repaints twice a second, which over
	// SSH is traffic while the recruiter only reads.
	t.Cursor.Blink = false
	if s.NoColor {
		t.Focused.Selection = lipgloss.NewStyle().Reverse(true)
		t.Blurred.Selection = t.Focused.Selection
		t.Focused.Placeholder = lipgloss.NewStyle().Faint(true)
		t.Blurred.Placeholder = t.Focused.Placeholder
		t.Cursor.Color = nil
	}
	return t
}
