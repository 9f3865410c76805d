package cli

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/apiclient"
	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/syncer"
	"hrdesk/theme"
	"hrdesk/tokenfile"
	"hrdesk/ui"
	"hrdesk/views/common"
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
	// Closing the workspace waits for a sync or push under way, then
	// closes the cache.
	w := newWorkspace(a, st)
	defer w.close()
	if a.global.demo {
		// The first sync fills the screen; later ones run from the UI.
		eng, err := a.engine(st, nil)
		if err != nil {
			return err
		}
		if _, err := eng.Sync(ctx, syncer.SyncOptions{}); err != nil {
			return a.explainNetworkError(err)
		}
	}
	if !isTerminal(a.Out) || !isTerminal(a.In) {
		fmt.Fprintln(a.Err, "hrdesk: the workstation needs a terminal; showing the status instead")
		return a.printStatus(ctx, st)
	}
	c, themeOpts, err := a.uiCommon()
	if err != nil {
		return err
	}
	views, err := a.savedViews(&c.Keys)
	if err != nil {
		return err
	}
	last, _ := lastSync(ctx, st)
	backend := &uiBackend{w: w}
	m := ui.New(a.scopedView(st), backend, ui.Options{Common: c, ThemeOptions: themeOpts,
		SyncOnStart: !a.global.demo, LastSync: last, Editor: a.host().Editor(), Mouse: a.cfg.MouseOn(),
		StaleAfter: a.cfg.StaleAfterDuration(), Views: views, Notify: a.notify(), SendDelay: time.Duration(a.cfg.SendDelay)})
	return runProgram(ctx, m)
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
func (a *app) uiCommon() (*common.Common, []theme.Option, error) {
	env := a.environ()
	keys := keymap.Default()
	if err := keymap.Apply(&keys, a.cfg.Keys); err != nil {
		return nil, nil, fmt.Errorf("config.toml: %w", err) // the error names [keys] itself
	}
	opts := []theme.Option{theme.WithNoColor(theme.NoColor(env)), theme.WithASCII(theme.ASCIITerm(env))}
	c := common.New(i18n.Detect(a.cfg.Language, env), keys, nil, opts...)
	for _, f := range a.cfg.Folders {
		c.UserFolders = append(c.UserFolders, common.UserFolder{ID: strconv.Itoa(f.ID), Name: f.Name})
	}
	return c, opts, nil
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

// uiBackend is one workstation session's network side, over the
// profile's workspace.
type uiBackend struct {
	w *workspace
	// done closes when the session ends (nil: it ends with the workspace),
	// so a command waiting for the next poll returns.
	done context.Context
}

func (b *uiBackend) Sync(ctx context.Context, progress func(ui.SyncProgress)) (bool, error) {
	rep, err := b.w.sync(ctx, progress)
	return rep.Changed(), err
}

// SyncScope syncs another scope's lists (the company's, when the
// workstation switches to them and the cache has never held them).
func (b *uiBackend) SyncScope(ctx context.Context, scope store.Scope, progress func(ui.SyncProgress)) (bool, error) {
	w := b.w
	ctx, done, err := w.begin(ctx, true)
	if err != nil {
		return false, err
	}
	defer done()
	eng, err := w.a.engineFor(w.st, scope, func(p syncer.Progress) {
		if p.Phase != syncer.PhaseDone && progress != nil {
			progress(ui.SyncProgress{Done: p.Done, Total: p.Total, Waiting: p.Waiting, WaitingFor: waitingFor(p.WaitReason)})
		}
	})
	if err != nil {
		return false, err
	}
	rep, err := eng.Sync(ctx, syncer.SyncOptions{})
	return rep.Changed(), err
}

func (b *uiBackend) Push(ctx context.Context) (bool, error) {
	ctx, done, err := b.w.begin(ctx, true)
	if err != nil {
		return false, err
	}
	defer done()
	eng, err := b.w.engine()
	if err != nil {
		return false, err
	}
	rep, err := eng.Push(ctx)
	return rep.Requests > 0, err
}

func (b *uiBackend) LoadComments(ctx context.Context, id int64) error {
	ctx, done, err := b.w.begin(ctx, true)
	if err != nil {
		return err
	}
	defer done()
	eng, err := b.w.engine()
	if err != nil {
		return err
	}
	return eng.LoadComments(ctx, id)
}

func (b *uiBackend) LoggedIn() bool {
	_, err := tokenfile.Load(b.w.a.cfg.TokenFile())
	return err == nil
}

func (b *uiBackend) Login(ctx context.Context, login, password string) error {
	c, err := b.w.a.client(nil)
	if err != nil {
		return err
	}
	tok, err := c.PasswordLogin(ctx, login, password, true)
	if err != nil {
		return err // the login screen words it from problem.Of
	}
	if err := tokenfile.Save(b.w.a.cfg.TokenFile(), fileToken(tok)); err != nil {
		return err
	}
	b.w.forgetEngine() // the next call builds an engine with the new session
	return nil
}

func (b *uiBackend) BuyContacts(ctx context.Context, id int64) error {
	return b.contacts(ctx, id, true)
}

func (b *uiBackend) OpenContacts(ctx context.Context, id int64) error {
	return b.contacts(ctx, id, false)
}

// contacts buys or opens a resume's contacts and keeps the answer in the cache.
func (b *uiBackend) contacts(ctx context.Context, id int64, buy bool) error {
	// Money: let it finish even if the workstation closes.
	return b.w.call(ctx, false, func(ctx context.Context, c *apiclient.Client) error {
		var r apiclient.Resume
		var err error
		if buy {
			r, err = c.BuyContacts(ctx, id)
		} else {
			r, err = c.OpenContacts(ctx, id)
		}
		if err != nil || len(r.Raw) == 0 {
			return err
		}
		return b.w.st.SetResumeContacts(ctx, id, r.Raw, string(r.FirstName), string(r.LastName), string(r.MiddleName))
	})
}

// host builds the programs this session may start: none when it is served
// over SSH. Every program hrdesk starts is built through it.
func (a *app) host() hostexec.Host {
	return hostexec.Host{Remote: a.remote, Getenv: a.env}
}
