package panetest

import (
	"time"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/theme"
	"hrdesk/views/common"
)

// Option is what a test changes of the kit's session context: one kit
// takes a test's own clock or keymap, so no test builds a Common by hand.
type Option func(*setup)

// setup is what common.New is given.
type setup struct {
	now   func() time.Time
	keys  keymap.KeyMap
	theme []theme.Option
}

// At stands the clock still at t: a draft's age, a moment a golden pins.
func At(t time.Time) Option { return Clock(func() time.Time { return t }) }

// Clock is a clock the test moves itself.
func Clock(now func() time.Time) Option { return func(s *setup) { s.now = now } }

// Keymap is the session's keymap instead of keymap.Default(): keys
// rebound as config.toml's [keys] would.
func Keymap(km keymap.KeyMap) Option { return func(s *setup) { s.keys = km } }

// ASCII draws with +-| and ASCII markers, or not, whatever the preset.
func ASCII(on bool) Option { return Theme(theme.WithASCII(on)) }

// Theme adds theme options after the preset's (a later one wins).
func Theme(opts ...theme.Option) Option {
	return func(s *setup) { s.theme = append(s.theme, opts...) }
}

// build is common.New with the preset's styles and opts applied in turn.
func build(lang i18n.Lang, preset []theme.Option, opts []Option) *common.Common {
	s := setup{now: Now, keys: keymap.Default(), theme: append([]theme.Option(nil), preset...)}
	for _, o := range opts {
		o(&s)
	}
	return common.New(lang, s.keys, s.now, s.theme...)
}
