package ratebudget

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// Issue 21 §2 on one process's budget (a `hrdesk serve` of many
// recruiters, no database): forty profiles poll at the interval PollEvery
// gives them, another's first sync takes every background turn it can, and
// a recruiter acts every 4 s. On a fake clock (testing/synctest) with the
// production budget, so the minutes pass in a moment and only the pacing
// is measured.

// grant is one request let go, as the test saw it.
type grant struct {
	at, asked time.Time
	who       string
	bg        bool
}

type grants struct {
	mu   sync.Mutex
	list []grant
}

func (g *grants) wait(ctx context.Context, tn Tenant, p Priority) bool {
	asked := time.Now()
	if tn.Wait(WithPriority(ctx, p)) != nil {
		return false
	}
	g.mu.Lock()
	g.list = append(g.list, grant{at: time.Now(), asked: asked, who: tn.name, bg: p == Background})
	g.mu.Unlock()
	return true
}

// busiest is the most grants that match in one window starting at a grant.
func busiest(list []grant, window time.Duration, match func(grant) bool) int {
	most := 0
	for i, a := range list {
		n := 0
		for _, b := range list[i:] {
			if b.at.Sub(a.at) >= window {
				break
			}
			if match(b) {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

func TestManyProfilesPollingLeaveRoomForActions(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := Config{Requests: 120, Window: time.Minute, Burst: 4}
		s := New(cfg)
		const pollers, configured, run, actEvery = 40, 20 * time.Second, 6 * time.Minute, 4 * time.Second
		ctx, cancel := context.WithCancel(context.Background())
		var log grants
		defer s.Join("sync")()
		defer s.Join("alice")()
		var wg sync.WaitGroup
		everies := make(chan time.Duration, pollers*20)
		leaves := make([]func(), pollers)
		for i := range pollers {
			leaves[i] = s.Join(fmt.Sprintf("p%02d", i))
		}
		for i := range pollers {
			name, leave := fmt.Sprintf("p%02d", i), leaves[i]
			wg.Go(func() {
				defer leave()
				current := configured
				for {
					every, _ := s.PollEvery(configured, current)
					everies <- every
					current = every
					select {
					case <-ctx.Done():
						return
					case <-time.After(every):
					}
					if !log.wait(ctx, s.Tenant(name), Background) {
						return
					}
				}
			})
		}
		wg.Go(func() { // a first sync: page after page
			for log.wait(ctx, s.Tenant("sync"), Background) {
			}
		})
		wg.Go(func() {
			for {
				select {
				case <-ctx.Done():
					return
				case <-time.After(actEvery):
				}
				if !log.wait(ctx, s.Tenant("alice"), Interactive) {
					return
				}
			}
		})
		time.Sleep(run)
		cancel()
		wg.Wait()
		close(everies)

		list := log.list
		sort.Slice(list, func(i, j int) bool { return list[i].at.Before(list[j].at) })
		// The stretched interval: 42 profiles at 60 polls a minute.
		want := cfg.PollEvery(configured, pollers+2)
		if want != 42*time.Second {
			t.Fatalf("PollEvery for %d profiles = %s, want 42s", pollers+2, want)
		}
		for e := range everies {
			if e != want {
				t.Fatalf("a poller was told to poll every %s, want %s", e, want)
			}
		}
		// Skip the first minute: the sync's pages filled it before the
		// first action.
		var steady []grant
		for _, g := range list {
			if g.at.Sub(list[0].at) >= cfg.Window {
				steady = append(steady, g)
			}
		}
		all := busiest(list, cfg.Window, func(grant) bool { return true })
		if all > cfg.Requests {
			t.Errorf("a minute held %d requests, the limit is %d", all, cfg.Requests)
		}
		actions := int(cfg.Window / actEvery)
		bgMost := cfg.Requests - cfg.Reserve(actions) - actions
		bg := busiest(steady, cfg.Window, func(g grant) bool { return g.bg })
		// One more when a minute starting at a grant holds one action
		// fewer than most (14 of 15): the reserve stays the same.
		if bg > bgMost+1 {
			t.Errorf("background work took %d of a minute while a recruiter acted %d times; at most %d (120 - reserve %d - actions)",
				bg, actions, bgMost, cfg.Reserve(actions))
		}
		part, partMost := cfg.SmoothPart()
		if p := busiest(steady, part, func(g grant) bool { return g.bg }); p > partMost {
			t.Errorf("background work took %d turns in %s, at most %d", p, part, partMost)
		}
		polls := map[string]int{}
		var slowest, pollWait time.Duration
		for _, g := range list {
			switch {
			case g.who == "alice":
				slowest = max(slowest, g.at.Sub(g.asked))
			case g.who != "sync":
				polls[g.who]++
				pollWait = max(pollWait, g.at.Sub(g.asked))
			}
		}
		if slowest > 2*time.Second {
			t.Errorf("a recruiter's action waited %s behind background work", slowest)
		}
		// Every poller polled about every 42 s (plus its wait for a
		// turn): none starved behind the sync or the others.
		fewest := int(run/(want+15*time.Second)) - 1
		for i := range pollers {
			if n := polls[fmt.Sprintf("p%02d", i)]; n < fewest {
				t.Errorf("p%02d polled %d times in %s, want at least %d", i, n, run, fewest)
			}
		}
		pollMinute := busiest(steady, cfg.Window, func(g grant) bool { return g.bg && g.who != "sync" })
		if pollMinute > cfg.PollsPerWindow()+pollers/10 {
			t.Errorf("polls took %d of a minute, their share is %d", pollMinute, cfg.PollsPerWindow())
		}
		t.Logf("%d grants in %s: busiest minute %d, background %d (most %d), polls %d, slowest action %s, slowest poll %s",
			len(list), run, all, bg, bgMost, pollMinute, slowest, pollWait)
	})
}
