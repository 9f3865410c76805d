package session

import "sync"

// Pool opens each profile's Session once, however many terminals are open
// on it (`hrdesk serve`: one recruiter, several SSH sessions), and closes
// it when the last one ends. A profile reopened while its close is under
// way waits for the close, so one profile never has two caches open.
type Pool struct {
	open func(name string) (*Session, error)

	mu      sync.Mutex
	held    map[string]*pooled
	closing map[string]chan struct{} // profiles whose last terminal just ended, still closing
}

type pooled struct {
	s    *Session
	refs int
}

// NewPool is a pool whose sessions open opens.
func NewPool(open func(name string) (*Session, error)) *Pool {
	return &Pool{open: open, held: map[string]*pooled{}, closing: map[string]chan struct{}{}}
}

// Acquire is the profile's session, opened on first use; each Acquire
// that succeeds is matched by a Release.
func (p *Pool) Acquire(name string) (*Session, error) {
	p.mu.Lock()
	// A recruiter reconnecting at once waits for the previous close.
	for p.closing[name] != nil {
		ch := p.closing[name]
		p.mu.Unlock()
		<-ch
		p.mu.Lock()
	}
	defer p.mu.Unlock()
	if h, ok := p.held[name]; ok {
		h.refs++
		return h.s, nil
	}
	s, err := p.open(name)
	if err != nil {
		return nil, err
	}
	p.held[name] = &pooled{s: s, refs: 1}
	return s, nil
}

// Release ends one terminal's hold; the last one closes the session,
// which waits for its sync to stop.
func (p *Pool) Release(name string) {
	p.mu.Lock()
	h, ok := p.held[name]
	if !ok {
		p.mu.Unlock()
		return
	}
	if h.refs--; h.refs > 0 {
		p.mu.Unlock()
		return
	}
	delete(p.held, name)
	ch := make(chan struct{})
	p.closing[name] = ch
	p.mu.Unlock()
	// Outside the lock: closing waits for the profile's sync to stop.
	_ = h.s.Close()
	p.mu.Lock()
	delete(p.closing, name)
	p.mu.Unlock()
	close(ch)
}

// CloseAll closes every session still open (terminals that outlived a
// shutdown's grace period).
func (p *Pool) CloseAll() {
	p.mu.Lock()
	held := p.held
	p.held = map[string]*pooled{}
	p.mu.Unlock()
	for _, h := range held {
		_ = h.s.Close()
	}
}
