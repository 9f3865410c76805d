package ui

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"hrdesk/config"
	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/ownactions"
	"hrdesk/query"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/criteria"
)

// Setup is what a front end knows of one terminal besides config.toml:
// the workstation is built from the two in one place (FromConfig), for
// the local terminal and each served one alike, so that the command line
// needs the config and the screens' root, not the keys, the theme, the
// saved views and the own actions behind them (issue 29).
type Setup struct {
	// Config is the profile's configuration, validated.
	Config config.Config
	// Terminal is the terminal's environment ("NAME=value": NO_COLOR,
	// TERM, the locale): colours, borders and the language.
	Terminal []string
	// Getenv reads the process's environment for the programs the
	// workstation starts (the editor, the own actions); never the SSH
	// client's.
	Getenv func(string) (string, bool)
	// Remote is a session served over SSH: it starts no program and is
	// handed no own action.
	Remote bool
	// Store is the cache: the site's folders it holds resumes in are listed
	// after the configured ones (nil: the configured ones only).
	Store *store.Store
	// QueryMistake words a saved view's query mistake as the front end
	// words its own query line's (the line and a mark at the place).
	QueryMistake func(line string, qe *query.Error) string
	// LeftOut hears a saved view left out because its folder no longer
	// resolves (the demo has no user folders); the error is config's.
	LeftOut func(view string, err error)
}

// FromConfig is the workstation's options for one terminal: [keys] over
// the default keys, the theme, the folders, the saved views and
// [[actions]] each on a key free on the main screen, the editor. A
// mistake is config.toml's, its keys' mistakes worded in the terminal's
// language. What a front end decides itself (SyncOnStart, LastSync,
// LoginHint) it sets on the result.
func FromConfig(ctx context.Context, s Setup) (Options, error) {
	cfg := &s.Config
	lang := i18n.Detect(cfg.Language, s.Terminal)
	words := i18n.For(lang).CLI.Notices.Keys // the command line's rule: its words in the workstation's language
	c, themeOpts, err := NewCommon(lang, cfg.Keys, s.Terminal)
	if err != nil {
		return Options{}, fmt.Errorf("config.toml: %w", keysMistake(words, err)) // the error names [keys] itself
	}
	c.UserFolders = userFolders(ctx, cfg, s.Store)
	views, err := s.savedViews(&c.Keys, words)
	if err != nil {
		return Options{}, err
	}
	host := hostexec.Host{Remote: s.Remote, Getenv: s.Getenv}
	own, err := s.ownActions(&c.Keys, words)
	if err != nil {
		return Options{}, err
	}
	return Options{Common: c, ThemeOptions: themeOpts, Background: theme.ParseBackground(cfg.Theme),
		Editor: host.Editor(), Login: cfg.Login, Mouse: cfg.MouseOn(), StaleAfter: cfg.StaleAfterDuration(),
		Limits: store.Limits(cfg.Limits()), RecruiterNames: cfg.RecruiterNames(), Views: views,
		Notify: notifyOf(cfg.Notify), SendDelay: time.Duration(cfg.SendDelay),
		Own: own, OwnRunner: ownactions.Runner{Host: host}}, nil
}

// userFolders are config.toml's folders, then the site's folders the cache
// holds resumes in that it does not name: they show under the site's name
// (issue 28 §1). Without the counts the pane lists the configured ones.
func userFolders(ctx context.Context, cfg *config.Config, st *store.Store) []UserFolder {
	var out []UserFolder
	for _, f := range cfg.Folders {
		out = append(out, UserFolder{ID: strconv.Itoa(f.ID), Name: f.Name})
	}
	if st == nil {
		return out
	}
	counts, err := st.FolderCounts(ctx, store.ShownScope(store.Scope(cfg.Scope)))
	if err != nil {
		return out
	}
	for _, fc := range counts {
		if name, ok := store.SiteFolderName(fc.Folder); ok {
			out = append(out, UserFolder{ID: fc.Folder, Name: name})
		}
	}
	return out
}

// notifyOf is config's notify (validated with the rest).
func notifyOf(notify string) Notify {
	switch notify {
	case "bell":
		return NotifyBell
	case "osc9":
		return NotifyOSC9
	}
	return NotifyOff
}

// savedViews are config.toml's saved views, each on its key, which must be
// free on the main screen of km (after [keys]). config.Validate has read
// the rest; a view whose folder no longer resolves is left out, told.
func (s Setup) savedViews(km *keymap.KeyMap, words i18n.KeysText) ([]criteria.View, error) {
	var out []criteria.View
	for _, v := range s.Config.Views {
		folder, all, err := s.Config.ViewFolder(v)
		if err != nil {
			if s.LeftOut != nil {
				s.LeftOut(v.Name, err)
			}
			continue
		}
		set, by, asc, err := criteria.FromConfig(v)
		var qe *query.Error
		if errors.As(err, &qe) && s.QueryMistake != nil {
			return nil, fmt.Errorf("config [[views]] %q: query: %s", v.Name, s.QueryMistake(v.Query, qe))
		}
		if err != nil {
			return nil, fmt.Errorf("config [[views]] %q: %w", v.Name, err)
		}
		b, err := km.Extra(v.Key, v.Name)
		if err != nil {
			return nil, fmt.Errorf("config [[views]] %q: %w", v.Name, keysMistake(words, err))
		}
		out = append(out, criteria.View{Name: v.Name, Key: b, Folder: folder, Everywhere: all, Set: set, SortBy: by, Ascending: asc,
			Query: v.Query})
	}
	return out, nil
}

// ownActions binds config.toml's [[actions]] (issue 31 §3), each key free
// on the main screen of km (after [keys] and the saved views). A session
// served over SSH gets none: it never lists nor runs a program on the
// server, and its host would refuse one besides.
func (s Setup) ownActions(km *keymap.KeyMap, words i18n.KeysText) ([]ownactions.Action, error) {
	if s.Remote {
		return nil, nil
	}
	var out []ownactions.Action
	for i, c := range s.Config.Actions {
		acts, err := ownactions.Bind(km, []config.Action{c})
		var ke *keymap.KeyError
		switch {
		case errors.As(err, &ke):
			return nil, fmt.Errorf("config %s: %w", config.ActionLabel(i, c), keysMistake(words, ke))
		case err != nil:
			return nil, fmt.Errorf("config %w", err)
		}
		out = append(out, acts...)
	}
	return out, nil
}

// keysMistake is config.toml's [keys] mistakes in words, one a line, the
// error kept underneath; another error as it is.
func keysMistake(words i18n.KeysText, err error) error {
	var lines []string
	for _, e := range joined(err) {
		var ke *keymap.KeyError
		if !errors.As(e, &ke) {
			return err
		}
		lines = append(lines, ke.In(keymap.Words(words)))
	}
	return &worded{msg: strings.Join(lines, "\n"), cause: err}
}

// joined is the errors errors.Join put together in err, however deep
// (keymap.Apply joins its clashes' own join), or err alone.
func joined(err error) []error {
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		return []error{err}
	}
	var out []error
	for _, e := range j.Unwrap() {
		out = append(out, joined(e)...)
	}
	return out
}

// worded is an error said in the user's words that keeps its cause.
type worded struct {
	msg   string
	cause error
}

func (e *worded) Error() string { return e.msg }
func (e *worded) Unwrap() error { return e.cause }
