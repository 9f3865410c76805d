package session

import (
	"context"

	"hrdesk/apiclient"
	"hrdesk/session/feed"
	"hrdesk/store"
	"hrdesk/syncer"
)

// Backend is one terminal's workstation over the profile's Session: the
// network side the UI talks to (ui.Backend). Terminals of one profile
// share the Session; each has its own Backend, which ends with it. A call
// that gets no answer starts the session's outage probe (outage.go),
// whose answer every terminal hears on the feed.
type Backend struct {
	s *Session
	// done closes when the terminal's session ends (nil: it ends with the
	// Session), so a command waiting for the next poll returns.
	done context.Context
}

// Backend is a terminal's view of the session; done ends its waits (nil:
// they end when the session closes).
func (s *Session) Backend(done context.Context) *Backend { return &Backend{s: s, done: done} }

func (b *Backend) Sync(ctx context.Context, progress func(feed.SyncProgress)) (bool, error) {
	rep, err := b.s.Sync(ctx, progress)
	b.s.heard(err)
	return rep.Changed(), err
}

// SyncScope syncs another scope's lists (the company's, when the
// workstation switches to them and the cache has never held them).
func (b *Backend) SyncScope(ctx context.Context, scope store.Scope, progress func(feed.SyncProgress)) (bool, error) {
	s := b.s
	ctx, done, err := s.begin(ctx, true)
	if err != nil {
		return false, err
	}
	defer done()
	eng, err := s.p.EngineFor(s.st, scope, func(p syncer.Progress) {
		if p.Phase != syncer.PhaseDone && progress != nil {
			progress(progressOf(p))
		}
	})
	if err != nil {
		return false, err
	}
	rep, err := eng.Sync(ctx, syncer.SyncOptions{})
	s.heard(err)
	return rep.Changed(), err
}

// Push sends what the outbox holds; reached says the server was asked.
func (b *Backend) Push(ctx context.Context) (bool, error) {
	ctx, done, err := b.s.begin(ctx, true)
	if err != nil {
		return false, err
	}
	defer done()
	eng, err := b.s.engine()
	if err != nil {
		return false, err
	}
	rep, err := eng.Push(ctx)
	b.s.heard(err)
	return rep.Requests > 0, err
}

func (b *Backend) LoadComments(ctx context.Context, id int64) error {
	ctx, done, err := b.s.begin(ctx, true)
	if err != nil {
		return err
	}
	defer done()
	eng, err := b.s.engine()
	if err != nil {
		return err
	}
	err = eng.LoadComments(ctx, id)
	b.s.heard(err)
	return err
}

func (b *Backend) LoggedIn() bool { return b.s.p.LoggedIn() }

func (b *Backend) Login(ctx context.Context, login, password string) error {
	c, err := b.s.p.Client(nil)
	if err != nil {
		return err
	}
	if _, err := b.s.p.PasswordLogin(ctx, c, login, password); err != nil {
		return err // the login screen words it from problem.Of
	}
	b.s.forgetEngine() // the next call builds an engine with the new login
	return nil
}

func (b *Backend) BuyContacts(ctx context.Context, id int64) error {
	return b.contacts(ctx, id, true)
}

func (b *Backend) OpenContacts(ctx context.Context, id int64) error {
	return b.contacts(ctx, id, false)
}

// contacts buys or opens a resume's contacts and keeps the answer in the cache.
func (b *Backend) contacts(ctx context.Context, id int64, buy bool) error {
	// Money: let it finish even if the workstation closes.
	return b.s.call(ctx, false, func(ctx context.Context, c *apiclient.Client) error {
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
		return b.s.st.SetResumeContacts(ctx, id, r.Raw, string(r.FirstName), string(r.LastName), string(r.MiddleName))
	})
}
