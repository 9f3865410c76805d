package cli

import (
	"hrdesk/config"
	"hrdesk/i18n"
)

// text is the command line's words in the profile's language (issue 28
// §6), by the workstation's rule: config's `language` or --language, else
// the locale (i18n.Detect). --json output takes none of them.
func (a *app) text() *i18n.Text { return i18n.For(a.lang()) }

// lang is the profile's language. Before the command has loaded the
// configuration (a mistake on the command line is found first) the file
// is read for its language alone; a broken file says so later, itself.
func (a *app) lang() i18n.Lang {
	language := a.cfg.Language
	if a.cfg.ConfigFile == "" && a.env != nil {
		cfg, _ := config.Resolve(a.env, a.global.overrides())
		language = cfg.Language
	}
	if a.env == nil {
		return i18n.Detect(language, nil)
	}
	return i18n.Detect(language, a.environ())
}

// safeText is text for the last words of a run that failed: a failure
// reading the configuration again must not hide the first one.
func (a *app) safeText() (t *i18n.Text) {
	defer func() {
		if recover() != nil {
			t = i18n.For(i18n.EN)
		}
	}()
	return a.text()
}
