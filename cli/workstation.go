package cli

import (
	"context"
	"fmt"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/config"
	"hrdesk/store"
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
	opts, err := ui.FromConfig(ctx, a.setup(st))
	if err != nil {
		return err
	}
	opts.SyncOnStart = !a.global.demo
	opts.LastSync, _ = lastSync(ctx, st)
	m := ui.New(sess.Scoped(), sess.Backend(nil), opts)
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

// setup is what the workstation is built from besides config.toml: this
// terminal, the programs it may start (none when served over SSH), the
// cache and the command line's words for a saved view's mistakes.
func (a *app) setup(st *store.Store) ui.Setup {
	return ui.Setup{Config: a.cfg, Terminal: a.environ(), Getenv: a.env, Remote: a.remote, Store: st,
		QueryMistake: a.queryMistakeWords, LeftOut: a.viewLeftOut}
}

// viewLeftOut says that a saved view was left out, and why.
func (a *app) viewLeftOut(name string, err error) {
	why := err.Error()
	if words, ok := config.Words(err, a.lang()); ok {
		why = words
	}
	fmt.Fprintf(a.Err, "hrdesk: "+a.text().CLI.More.ViewLeftOut+"\n", name, why)
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
