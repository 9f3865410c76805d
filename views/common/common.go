// Package common is what every pane and dialog of the workstation shares for
// one session: styles, key bindings, UI text and the clock.
//
// One Common is built per program (per SSH session), never shared between
// programs, and passed by pointer so a theme change (light/dark) reaches
// every pane at once. Panes never read the environment or global state.
package common

import (
	"time"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/textsafe"
	"hrdesk/theme"
)

// Common is the per-session context of the UI.
type Common struct {
	Styles theme.Styles
	Keys   keymap.KeyMap
	Lang   i18n.Lang
	Text   *i18n.Text
	// Now is the clock; tests and goldens fix it.
	Now func() time.Time
	// Folders are the user's own folders from config (id → name), in order,
	// then the site's folders the cache holds resumes in that config does
	// not name (store.SiteFolder ids: shown, never a move's target).
	UserFolders []UserFolder
	// Drafts are the recruiter's unsent texts (drafts.go).
	Drafts *Drafts
}

// UserFolder is a user-defined folder of received resumes.
type UserFolder struct {
	ID   string // numeric id as text (or a store.SiteFolder), as the store keeps folders
	Name string
}

// New builds a Common with default keys and dark styles, fixed up later by
// the root model when the terminal reports its background.
func New(lang i18n.Lang, keys keymap.KeyMap, now func() time.Time, opts ...theme.Option) *Common {
	if now == nil {
		now = time.Now
	}
	text := i18n.For(lang)
	keys.Describe(text.KeyDescriptions())
	return &Common{
		Styles: theme.New(true, opts...),
		Keys:   keys,
		Lang:   lang,
		Text:   text,
		Now:    now,
		Drafts: &Drafts{},
	}
}

// FolderName names a folder by the store's id: a standard one in the UI's
// language, a user folder by its name from config, another by its id.
func (c *Common) FolderName(id string) string {
	if name := c.Text.Folder(id); name != "" {
		return name
	}
	for _, f := range c.UserFolders {
		if f.ID == id {
			return textsafe.Line(f.Name) // from config.toml (issue 18 §5)
		}
	}
	return "#" + id
}

// Fit is the package's Fit with the theme's ellipsis: the one way a pane
// or dialog cuts a line, so whatever is cut says so the same way.
func (c *Common) Fit(line string, w int) string { return Fit(line, w, c.Styles.Glyphs.Ellipsis) }

// Cell is the package's Cell with the theme's ellipsis.
func (c *Common) Cell(text string, w int, right bool) string {
	return Cell(text, w, right, c.Styles.Glyphs.Ellipsis)
}
