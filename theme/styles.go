package theme

import "charm.land/lipgloss/v2"

// Styles is every style the UI uses, built by New. Values, not pointers:
// copying is cheap and no session can change another's styles.
//
// Styles nest; an inner style's reset ends an outer background, so render a
// cursor row from plain text with List.Selected rather than wrapping
// already-styled cells.
type Styles struct {
	IsDark  bool
	NoColor bool
	ASCII   bool
	Palette Palette
	// Glyphs are the marker symbols, ASCII in ASCII mode.
	Glyphs Glyphs
	// Markdown is the glamour standard style name for the resume body:
	// "dark", "light", "notty" (NO_COLOR) or "ascii".
	Markdown string

	// App is the outermost frame.
	App lipgloss.Style
	// General text roles.
	Text, Muted, Bold, Success, Warning, Error lipgloss.Style

	Pane   PaneStyles
	List   ListStyles
	Marker MarkerStyles
	Resume ResumeStyles
	Event  EventStyles
	Status StatusStyles
	Help   HelpStyles
	Dialog DialogStyles
	Login  LoginStyles
	// Overview is the overview screen (8): funnel bars, sparklines.
	Overview OverviewStyles
}

// Glyphs are the one-cell symbols of the resume list and status bar.
type Glyphs struct {
	New, Pending, Failed, Unknown, Marked string
	// Ellipsis ends text cut to fit.
	Ellipsis string
	// Separator goes between status bar segments.
	Separator string
	// Stale marks a candidate waiting without an event; Repeat an
	// applicant with other applications in the cache.
	Stale, Repeat string
	// NearLimit and PastLimit mark a resume near its stage's time limit
	// (three quarters of it waited) and past it (issue 30 §2); past is
	// the stale mark, which it replaces where a limit is set.
	NearLimit, PastLimit string
	// Woken marks a resume back from a snooze (issue 31 §4).
	Woken string
	// SortDown and SortUp follow the list header's sorted column.
	SortDown, SortUp string
	// Spark is the sparkline's ramp: a mark for zero, then eight levels
	// (block characters, or the digits 1–8 in ASCII).
	Spark []string
	// Bar fills a funnel bar; BarEighths are the partial cells of its end
	// (one to seven eighths), none in ASCII.
	Bar        string
	BarEighths []string
	// Funnel are the stacked funnel bar's parts: invited, considered,
	// refused, the rest (inbox, user folders); distinct without colour.
	Funnel []string
}

// OverviewStyles are the overview screen: a bar per funnel stage, the
// sparkline, and the figures that ask for attention.
type OverviewStyles struct {
	Responses, Considered, Invited, Refused, Folder lipgloss.Style
	Spark, Waiting, Stale, Up, Down, Label          lipgloss.Style
}

// PaneStyles frame the panes. Focused and Blurred carry the border; size
// them with Width(n), whose n includes the border.
type PaneStyles struct {
	Focused, Blurred    lipgloss.Style
	Title, TitleBlurred lipgloss.Style
}

// ListStyles are the resume list.
type ListStyles struct {
	Header   lipgloss.Style
	Row      lipgloss.Style
	Selected lipgloss.Style // the cursor row
	Marked   lipgloss.Style // marked for a bulk action
	New      lipgloss.Style // not yet viewed
	Date     lipgloss.Style
	Salary   lipgloss.Style
	Empty    lipgloss.Style // "No resumes in this folder"
	Chip     lipgloss.Style // a filter above the list
}

// MarkerStyles colour Glyphs.
type MarkerStyles struct {
	New, Pending, Failed, Unknown, Marked lipgloss.Style
	Stale, Repeat                         lipgloss.Style
}

// ResumeStyles are the resume pane.
type ResumeStyles struct {
	Name, Heading, Label, Value, Link lipgloss.Style
}

// EventStyles are the history and comments panes.
type EventStyles struct {
	Time, Author, Text lipgloss.Style
}

// StatusStyles are the status bar segments.
type StatusStyles struct {
	Bar                      lipgloss.Style
	Online, Offline, Syncing lipgloss.Style
	Pending, Failed, Unknown lipgloss.Style
	Error, Info, Separator   lipgloss.Style
	// Meter is the budget meter: the requests left, the login's lifetime.
	Meter lipgloss.Style
}

// HelpStyles are the footer and the help screen; Bubbles() adapts them to
// help.Model.
type HelpStyles struct {
	Key, Desc, Separator, Heading lipgloss.Style
}

// DialogStyles are modal dialogs.
type DialogStyles struct {
	Box, Title, Body, Label, Hint lipgloss.Style
	Button, ButtonFocused         lipgloss.Style
	Input, InputFocused           lipgloss.Style
	// Warning is the cost warning before buying contacts.
	Warning, Error lipgloss.Style
}

// LoginStyles are the login screen.
type LoginStyles struct {
	Box, Title, Subtitle, Label, Hint lipgloss.Style
	Input, InputFocused               lipgloss.Style
	Button, ButtonFocused             lipgloss.Style
	Error                             lipgloss.Style
}

// Option changes how New builds styles.
type Option func(*options)

type options struct {
	noColor bool
	ascii   bool
}

// WithNoColor drops every colour (NO_COLOR); selection and focus stay
// visible through reverse video, bold and border shape.
func WithNoColor(on bool) Option { return func(o *options) { o.noColor = on } }

// WithASCII draws every border with +-| and uses ASCII markers, for
// terminals without box-drawing characters (see ASCIITerm).
func WithASCII(on bool) Option { return func(o *options) { o.ascii = on } }

// New builds the styles for a dark or light background.
func New(isDark bool, opts ...Option) Styles {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	p := NewPalette(isDark)
	if o.noColor {
		p = noColorPalette()
	}
	s := Styles{IsDark: isDark, NoColor: o.noColor, ASCII: o.ascii, Palette: p}
	s.Glyphs = glyphs(o.ascii)
	s.Markdown = markdownStyle(isDark, o)

	border, focusBorder := lipgloss.RoundedBorder(), lipgloss.RoundedBorder()
	if o.noColor {
		// Without colour the focused pane needs another shape.
		focusBorder = lipgloss.ThickBorder()
	}
	if o.ascii {
		border, focusBorder = lipgloss.ASCIIBorder(), lipgloss.ASCIIBorder()
	}

	s.buildBase(p)
	s.buildPanes(p, border, focusBorder)
	s.buildList(p)
	s.buildStatus(p)
	s.buildDialogs(p, border)
	s.buildOverview(p)
	if o.noColor {
		s.noColorAccents()
	}
	return s
}
