package ui

import (
	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/theme"
	"hrdesk/views/common"
)

// What a front end builds a workstation from (Options.Common), named here
// so that the command line needs the root and not its panes (issue 29 §6:
// a command needs the session, the config, the screens' root and its own
// words).
type (
	// Common is what every pane of one terminal shares: styles, keys,
	// words, the clock, the user's folders.
	Common = common.Common
	// UserFolder is a folder the folders pane lists beside the standard
	// ones: config.toml's, then the site's the cache holds resumes in.
	UserFolder = common.UserFolder
)

// NewCommon builds one terminal's Common: the default keys with the
// profile's [keys] over them (a mistake there is keymap's, joined, for the
// front end to word), no colour and ASCII borders as the terminal's
// environment env ("NAME=value") asks, the words in lang. The theme's
// options are returned for Options.ThemeOptions.
func NewCommon(lang i18n.Lang, keys map[string][]string, env []string) (*Common, []theme.Option, error) {
	km := keymap.Default()
	if err := keymap.Apply(&km, keys); err != nil {
		return nil, nil, err
	}
	opts := []theme.Option{theme.WithNoColor(theme.NoColor(env)), theme.WithASCII(theme.ASCIITerm(env))}
	return common.New(lang, km, nil, opts...), opts, nil
}
