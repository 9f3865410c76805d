package cli

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/ui"
)

// runWorkstation opens the workstation: with --demo on the built-in
// service, logged in, in a throwaway data directory, syncing as it opens.
func (a *app) runWorkstation(ctx context.Context) error {
	// The first frame measures a box-drawing or Cyrillic rune, and the
	// width table behind that (go-runewidth, through x/ansi) is built on
	// first use: ~8 ms of CPU. Built here, it overlaps opening the cache and
	// the terminal's answer instead of delaying the first frame.
	go ansi.StringWidthWc("─")
	if a.global.demo {
		stop, err := a.startDemo(ctx)
		if err != nil {
			return err
		}
		defer stop()
	} else if err := a.loadConfig(); err != nil {
		return err
	}
	st, err := a.openStore()
	if err != nil {
		return err
	}
	// Closing the session waits for a sync or push under way, then
	// closes the cache.
	sess := a.openSession(st)
	defer sess.Close()
	if a.global.demo {
		// The first sync fills the screen; later ones run from the UI.
		if _, err := sess.Sync(ctx, nil); err != nil {
			return a.explainNetworkError(err)
		}
	}
	if !isTerminal(a.Out) || !isTerminal(a.In) {
		fmt.Fprintln(a.Err, "hrdesk: "+a.text().CLI.NeedsTerminal)
		return a.printStatus(ctx, st, a.now())
	}
	c, themeOpts, err := a.uiCommon()
	if err != nil {
		return err
	}
	a.addSiteFolders(ctx, c, st)
	views, err := a.savedViews(&c.Keys)
	if err != nil {
		return err
	}
	own, runner, err := a.ownActions(&c.Keys)
	if err != nil {
		return err
	}
	last, _ := lastSync(ctx, st)
	m := ui.New(sess.Scoped(), sess.Backend(nil), ui.Options{Common: c, ThemeOptions: themeOpts, Background: theme.ParseBackground(a.cfg.Theme),
		SyncOnStart: !a.global.demo, LastSync: last, Editor: a.host().Editor(), Login: a.cfg.Login, Mouse: a.cfg.MouseOn(),
		StaleAfter: a.cfg.StaleAfterDuration(), Limits: store.Limits(a.cfg.Limits()), RecruiterNames: a.cfg.RecruiterNames(), Views: views, Notify: a.notify(), SendDelay: time.Duration(a.cfg.SendDelay),
		Own: own, OwnRunner: runner})
	if a.onScreen != nil {
		a.onScreen.Store(true)
	}
	err = runProgram(ctx, m)
	if a.onScreen != nil {
		a.onScreen.Store(false)
	}
	// The clocks' difference found while no status line could say it
	// (the recruiter quit first) is said as the screen closes.
	if ahead, ok := sess.ClockUnshown(); ok {
		fmt.Fprintln(a.Err, "hrdesk: "+a.clockWords(ahead))
	}
	return err
}

// notify is config's notify for the workstation (validated with the rest).
func (a *app) notify() ui.Notify {
	switch a.cfg.Notify {
	case "bell":
		return ui.NotifyBell
	case "osc9":
		return ui.NotifyOSC9
	}
	return ui.NotifyOff
}

// uiCommon builds the per-session UI context from the configuration.
func (a *app) uiCommon() (*ui.Common, []theme.Option, error) {
	env := a.environ()
	c, opts, err := ui.NewCommon(i18n.Detect(a.cfg.Language, env), a.cfg.Keys, env)
	if err != nil {
		return nil, nil, fmt.Errorf("config.toml: %w", keysMistake(a.text().CLI.Notices, err)) // the error names [keys] itself
	}
	for _, f := range a.cfg.Folders {
		c.UserFolders = append(c.UserFolders, ui.UserFolder{ID: strconv.Itoa(f.ID), Name: f.Name})
	}
	return c, opts, nil
}

// addSiteFolders lists after the configured folders the site's folders
// the cache holds resumes in that config.toml does not name: they show
// under the site's name (issue 28 §1). Without the counts the pane lists
// the configured ones only.
func (a *app) addSiteFolders(ctx context.Context, c *ui.Common, st *store.Store) {
	counts, err := st.FolderCounts(ctx, store.ShownScope(store.Scope(a.cfg.Scope)))
	if err != nil {
		return
	}
	for _, fc := range counts {
		if name, ok := store.SiteFolderName(fc.Folder); ok {
			c.UserFolders = append(c.UserFolders, ui.UserFolder{ID: fc.Folder, Name: name})
		}
	}
}

// environ is the part of the environment the UI looks at.
func (a *app) environ() []string {
	var env []string
	for _, k := range []string{"NO_COLOR", "TERM", "LANG", "LC_ALL", "LC_MESSAGES"} {
		if v, ok := a.env(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// host builds the programs this session may start: none when it is served
// over SSH. Every program hrdesk starts is built through it.
func (a *app) host() hostexec.Host {
	return hostexec.Host{Remote: a.remote, Getenv: a.env}
}
