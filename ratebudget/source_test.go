package ratebudget

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// Issue 27 §3: a process whose shared budget cannot be opened runs on a
// quarter of the limit, the share pgshare's fallback takes, not more.
func TestRegistryFallsBackToAQuarter(t *testing.T) {
	r := NewRegistry()
	down := func(string) (Source, error) { return nil, errors.New("no database") }
	s := r.ForSource("https://api.example.com/2.0", Config{Requests: 120}, down)
	if got := s.Config(); got.Requests != 30 || got.Burst != 1 || got.Window != time.Minute {
		t.Errorf("on the fallback: %+v, want 30 a minute, burst 1", got)
	}
	if s.src != nil {
		t.Error("a scheduler whose Source failed to open still asks it")
	}
	if tiny := r.ForSource("https://tiny.example.com", Config{Requests: 3}, down); tiny.Config().Requests != 1 {
		t.Errorf("a limit of 3 falls back to %d, want 1", tiny.Config().Requests)
	}
	up := r.ForSource("https://shared.example.com", Config{Requests: 120}, func(string) (Source, error) { return &gatedSource{}, nil })
	if up.src == nil || up.Config().Requests != 120 {
		t.Errorf("an open Source: src %v, %+v", up.src, up.Config())
	}
}

// gatedSource grants one background turn per ask, to the first name
// asked, once the test lets it; it remembers whom.
type gatedSource struct {
	gate chan struct{}
	mu   sync.Mutex
	who  []string
}

func (g *gatedSource) Take(ctx context.Context, ask Ask) (Grant, error) {
	if g.gate != nil {
		<-g.gate
	}
	if len(ask.Background) == 0 {
		return Grant{Retry: time.Now().Add(time.Second)}, nil
	}
	g.mu.Lock()
	g.who = append(g.who, ask.Background[0])
	g.mu.Unlock()
	return Grant{Background: ask.Background[:1]}, nil
}

func (g *gatedSource) Throttle(time.Duration) {}

// Issue 27 §5: with a shared Source, background turns go round-robin
// between the process's profiles: the order the scheduler asks in moves
// on with each turn, so a Source granting the first asked serves all.
func TestSharedBackgroundIsRoundRobin(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src := &gatedSource{gate: make(chan struct{})}
		s := NewShared(Config{}, src)
		bg := WithPriority(context.Background(), Background)
		var wg sync.WaitGroup
		for _, name := range []string{"a", "b", "c"} {
			for range 3 {
				wg.Go(func() {
					if err := s.Tenant(name).Wait(bg); err != nil {
						t.Error(err)
					}
				})
			}
		}
		synctest.Wait() // all nine wait, the first ask too
		close(src.gate)
		wg.Wait()
		// The first ask went out before the others arrived; from the
		// second, each three turns serve the three profiles.
		if len(src.who) != 9 {
			t.Fatalf("%d turns for 9 requests: %v", len(src.who), src.who)
		}
		for i := 1; i+3 <= 7; i += 3 {
			seen := map[string]bool{}
			for _, w := range src.who[i : i+3] {
				seen[w] = true
			}
			if len(seen) != 3 {
				t.Fatalf("turns %d..%d went to %v: %v", i, i+2, src.who[i:i+3], src.who)
			}
		}
	})
}

// A request that gives up leaves its tenant's queue (the first of it
// too), and when that empties the tenant, the ring's turn stays with the
// tenant whose turn it was.
func TestGivingUpKeepsTheRingsTurn(t *testing.T) {
	s := New(Config{})
	mk := func(tenant string) *waiter {
		w := &waiter{ready: make(chan struct{}), tenant: tenant, prio: Background}
		s.enqueue(w)
		return w
	}
	a1, a2, b1, b2, c1, d1 := mk("a"), mk("a"), mk("b"), mk("b"), mk("c"), mk("d")
	if w := s.pop(); w != a1 {
		t.Fatalf("first %s", w.tenant)
	}
	if w := s.pop(); w != b1 {
		t.Fatalf("second %s", w.tenant)
	}
	// c's turn; a's last request gives up, a leaves the ring before c.
	if !s.remove(a2) {
		t.Fatal("a's waiting request was not found")
	}
	var got []string
	for w := s.pop(); w != nil; w = s.pop() {
		got = append(got, w.tenant)
	}
	if want := []string{"c", "d", "b"}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("after a gave up: %v, want %v", got, want)
	}
	if s.remove(b2) || s.remove(c1) || s.remove(d1) {
		t.Error("a granted request removed again")
	}
}

// An ask lists what waits in grant order, round-robin from the tenant
// whose turn it is, at most maxAsk of each kind.
func TestAskListsInGrantOrder(t *testing.T) {
	s := NewShared(Config{}, &gatedSource{})
	add := func(tenant string, p Priority, n int) {
		for range n {
			s.enqueue(&waiter{ready: make(chan struct{}), tenant: tenant, prio: p})
		}
	}
	add("a", Background, 3)
	add("b", Background, 1)
	add("c", Background, 2)
	s.next = 1
	a := s.ask()
	if got, want := fmt.Sprint(a.Background), "[b c a c a a]"; got != want || len(a.Interactive) != 0 {
		t.Errorf("ask from b's turn: %s %v, want %s", got, a.Interactive, want)
	}
	add("d", Background, 40)
	add("e", Background, 40)
	add("f", Background, 40)
	add("x", Interactive, 40)
	a = s.ask()
	if len(a.Background) != maxAsk || len(a.Interactive) != maxAsk {
		t.Errorf("ask of 126 background and 40 actions: %d and %d, want %d each", len(a.Background), len(a.Interactive), maxAsk)
	}
}

// hand gives each background turn to the tenant the Source named, and a
// turn whose tenant gave up meanwhile to the tenant whose turn it is.
func TestHandGivesNamedTurns(t *testing.T) {
	s := NewShared(Config{}, &gatedSource{})
	ws := map[string]*waiter{}
	for _, name := range []string{"a", "b", "c"} {
		ws[name] = &waiter{ready: make(chan struct{}), tenant: name, prio: Background}
		s.enqueue(ws[name])
	}
	s.next = 1
	if n := s.hand(Grant{Background: []string{"a"}}); n != 1 || !closed(ws["a"]) || closed(ws["b"]) {
		t.Errorf("a named at b's turn: %d handed, a %v, b %v", n, closed(ws["a"]), closed(ws["b"]))
	}
	// The ring is [b c] and it is b's turn (next 0): a turn for a
	// tenant that gave up goes to b.
	if n := s.hand(Grant{Background: []string{"gone"}}); n != 1 || !closed(ws["b"]) || closed(ws["c"]) {
		t.Errorf("a turn for a tenant that gave up: %d handed, b %v, c %v", n, closed(ws["b"]), closed(ws["c"]))
	}
	if n := s.Granted(); n != 2 {
		t.Errorf("%d granted, want 2", n)
	}
}

func closed(w *waiter) bool {
	select {
	case <-w.ready:
		return true
	default:
		return false
	}
}
