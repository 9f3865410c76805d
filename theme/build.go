package theme

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

func glyphs(ascii bool) Glyphs {
	if ascii {
		return Glyphs{New: "*", Pending: "^", Failed: "!", Unknown: "?", Marked: "x", Ellipsis: "~", Separator: " | ",
			Stale: "z", Repeat: "&", SortDown: "v", SortUp: "^", NearLimit: "o", PastLimit: "z", Woken: "@",
			Spark: []string{".", "1", "2", "3", "4", "5", "6", "7", "8"}, Bar: "#", Funnel: []string{"#", "=", "-", "."}}
	}
	return Glyphs{New: "●", Pending: "↑", Failed: "!", Unknown: "?", Marked: "✓", Ellipsis: "…", Separator: " • ",
		Stale: "◷", Repeat: "↻", SortDown: "↓", SortUp: "↑", NearLimit: "◔", PastLimit: "◷", Woken: "⏲",
		Spark: []string{"·", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"}, Bar: "█",
		BarEighths: []string{"▏", "▎", "▍", "▌", "▋", "▊", "▉"}, Funnel: []string{"█", "▓", "░", "▒"}}
}

func markdownStyle(isDark bool, o options) string {
	switch {
	case o.ascii:
		return "ascii"
	case o.noColor:
		return "notty"
	case isDark:
		return "dark"
	}
	return "light"
}

func fg(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }

func (s *Styles) buildBase(p Palette) {
	s.App = fg(p.Text)
	s.Text = fg(p.Text)
	s.Muted = fg(p.Muted)
	s.Bold = fg(p.Text).Bold(true)
	s.Success = fg(p.Success)
	s.Warning = fg(p.Warning).Bold(true)
	s.Error = fg(p.Error).Bold(true)

	s.Resume = ResumeStyles{
		Name:    fg(p.Text).Bold(true),
		Heading: fg(p.Primary).Bold(true),
		Label:   fg(p.Muted),
		Value:   fg(p.Text),
		Link:    fg(p.Primary).Underline(true),
	}
	s.Event = EventStyles{Time: fg(p.Muted), Author: fg(p.Primary), Text: fg(p.Text)}
	s.Help = HelpStyles{
		Key:       fg(p.Primary).Bold(true),
		Desc:      fg(p.Muted),
		Separator: fg(p.Border),
		Heading:   fg(p.Text).Bold(true).Underline(true),
	}
}

func (s *Styles) buildPanes(p Palette, border, focusBorder lipgloss.Border) {
	s.Pane = PaneStyles{
		Focused:      lipgloss.NewStyle().Border(focusBorder).BorderForeground(p.Primary),
		Blurred:      lipgloss.NewStyle().Border(border).BorderForeground(p.Border),
		Title:        fg(p.Primary).Bold(true),
		TitleBlurred: fg(p.Muted),
	}
}

func (s *Styles) buildList(p Palette) {
	s.List = ListStyles{
		Header:   fg(p.Muted).Bold(true),
		Row:      fg(p.Text),
		Selected: lipgloss.NewStyle().Background(p.SelectedBg).Foreground(p.SelectedFg).Bold(true),
		Marked:   fg(p.Primary).Bold(true),
		New:      fg(p.Text).Bold(true),
		Date:     fg(p.Muted),
		Salary:   fg(p.Success),
		Empty:    fg(p.Muted).Italic(true),
		Chip:     fg(p.Primary).Bold(true),
	}
	s.Marker = MarkerStyles{
		New:     fg(p.Accent),
		Pending: fg(p.Warning),
		Failed:  fg(p.Error).Bold(true),
		Unknown: fg(p.Warning),
		Marked:  fg(p.Primary).Bold(true),
		Stale:   fg(p.Warning),
		Repeat:  fg(p.Accent),
	}
}

func (s *Styles) buildStatus(p Palette) {
	s.Status = StatusStyles{
		Bar:       fg(p.Text),
		Online:    fg(p.Success),
		Offline:   fg(p.Warning).Bold(true),
		Syncing:   fg(p.Primary),
		Pending:   fg(p.Warning),
		Failed:    fg(p.Error).Bold(true),
		Unknown:   fg(p.Warning),
		Error:     fg(p.Error).Bold(true),
		Info:      fg(p.Muted),
		Separator: fg(p.Border),
		Meter:     fg(p.Warning),
	}
}

func (s *Styles) buildDialogs(p Palette, border lipgloss.Border) {
	button := fg(p.Text).Padding(0, 1)
	buttonFocused := lipgloss.NewStyle().Padding(0, 1).Bold(true).
		Background(p.Primary).Foreground(p.SelectedFg)
	if !s.NoColor {
		// Light text on the primary colour reads on both backgrounds.
		buttonFocused = buttonFocused.Foreground(lipgloss.Color("#FFFFFF"))
	}
	input := fg(p.Text)
	inputFocused := fg(p.Text).Bold(true)

	s.Dialog = DialogStyles{
		Box:           lipgloss.NewStyle().Border(border).BorderForeground(p.Primary).Padding(1, 2),
		Title:         fg(p.Primary).Bold(true),
		Body:          fg(p.Text),
		Label:         fg(p.Muted),
		Hint:          fg(p.Muted),
		Button:        button,
		ButtonFocused: buttonFocused,
		Input:         input,
		InputFocused:  inputFocused,
		Warning:       fg(p.Warning).Bold(true),
		Error:         fg(p.Error).Bold(true),
	}
	s.Login = LoginStyles{
		Box:           lipgloss.NewStyle().Border(border).BorderForeground(p.Primary).Padding(1, 3),
		Title:         fg(p.Primary).Bold(true),
		Subtitle:      fg(p.Muted),
		Label:         fg(p.Muted),
		Hint:          fg(p.Muted),
		Input:         input,
		InputFocused:  inputFocused,
		Button:        button,
		ButtonFocused: buttonFocused,
		Error:         fg(p.Error).Bold(true),
	}
}

func (s *Styles) buildOverview(p Palette) {
	s.Overview = OverviewStyles{
		Responses: fg(p.Primary), Considered: fg(p.Accent), Invited: fg(p.Success), Refused: fg(p.Muted),
		Folder: fg(p.Text), Spark: fg(p.Primary), Waiting: fg(p.Warning).Bold(true), Stale: fg(p.Warning),
		Up: fg(p.Success), Down: fg(p.Error), Label: fg(p.Muted),
	}
}

// noColorAccents replaces what colour alone signalled with attributes, so a
// NO_COLOR screen still shows the cursor row, focus and problems.
func (s *Styles) noColorAccents() {
	s.List.Selected = lipgloss.NewStyle().Reverse(true).Bold(true)
	s.List.Marked = lipgloss.NewStyle().Bold(true).Underline(true)
	s.Pane.Title = lipgloss.NewStyle().Bold(true).Reverse(true)
	s.Dialog.ButtonFocused = lipgloss.NewStyle().Padding(0, 1).Bold(true).Reverse(true)
	s.Login.ButtonFocused = s.Dialog.ButtonFocused
	s.Dialog.InputFocused = lipgloss.NewStyle().Underline(true)
	s.Login.InputFocused = s.Dialog.InputFocused
	s.Status.Failed = lipgloss.NewStyle().Bold(true).Reverse(true)
	s.Status.Offline = lipgloss.NewStyle().Bold(true).Reverse(true)
}
