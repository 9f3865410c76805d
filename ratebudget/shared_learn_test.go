package ratebudget

import (
	"context"
	"sync"
	"testing"
	"time"
)

// learnSource is a Source that grants everything and shares limits in
// memory, as pgshare does in its table.
type learnSource struct {
	mu     sync.Mutex
	rows   []Learned
	shared []Learned // what Learn was told
}

func (l *learnSource) Take(_ context.Context, a Ask) (Grant, error) {
	return Grant{Interactive: len(a.Interactive), Background: a.Background}, nil
}
func (l *learnSource) Throttle(time.Duration) {}
func (l *learnSource) Learn(x Learned) {
	l.mu.Lock()
	l.shared = append(l.shared, x)
	l.mu.Unlock()
}
func (l *learnSource) Learned() []Learned {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Learned(nil), l.rows...)
}

// The strictest limit in force at now is applied, by the rise rule from
// when it was learned; a limit outside [an eighth, the limit] is not,
// whatever the Source says.
func TestSchedulerAppliesTheStrictestSharedLimit(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		name string
		rows []Learned
		want int
	}{
		{"none", nil, 0},
		{"one held", []Learned{{30, now.Add(-time.Minute)}}, 30},
		{"the strictest now", []Learned{{60, now}, {30, now.Add(-time.Minute)}, {45, now}}, 30},
		{"a lower one risen past another", []Learned{{20, now.Add(-15*time.Minute - time.Second)}, {40, now}}, 40},
		{"risen 3 a window after five", []Learned{{30, now.Add(-7*time.Minute - time.Second)}}, 36},
		{"fully risen", []Learned{{30, now.Add(-time.Hour)}}, 0},
		{"below an eighth", []Learned{{14, now}}, 0},
		{"at an eighth", []Learned{{15, now}}, 15},
		{"the configured one", []Learned{{120, now}}, 0},
		{"above it", []Learned{{121, now}, {1 << 30, now}}, 0},
		{"zero and negative", []Learned{{0, now}, {-5, now}}, 0},
	} {
		s := NewShared(Config{Requests: 120, Window: time.Minute}, &learnSource{rows: tc.rows})
		if got, _ := s.Learned(); got != tc.want {
			t.Errorf("%s: applies %d, want %d", tc.name, got, tc.want)
		}
	}
}

// A refusal is shared, raised to an eighth when the process's own count
// taught it less; a refusal after a shared limit starts from it.
func TestThrottleSharesWhatItLearned(t *testing.T) {
	src := &learnSource{}
	s := NewShared(Config{Requests: 120, Window: time.Minute}, src)
	s.Throttle(0)
	if len(src.shared) != 1 || src.shared[0].Limit != 60 {
		t.Fatalf("shared %+v after a refusal in a quiet window, want 60", src.shared)
	}
	src.rows = []Learned{{16, time.Now()}}
	s.Throttle(0)
	if got := src.shared[len(src.shared)-1].Limit; got != 15 {
		t.Errorf("a refusal under a shared 16 shared %d, want it halved to the eighth, 15", got)
	}
	s.learned = learning{limit: 3, at: time.Now()}
	s.Throttle(0)
	if got := src.shared[len(src.shared)-1].Limit; got != 15 {
		t.Errorf("a limit of 2 learned here was shared as %d, want the eighth, 15", got)
	}
	if got, _ := s.Learned(); got != 2 {
		t.Errorf("this process applies %d, want its own 2", got)
	}
}

func TestShareFloorAndLearnedFor(t *testing.T) {
	for _, tc := range []struct {
		requests, floor int
		keep            time.Duration
	}{
		{120, 15, 45 * time.Minute}, {100, 13, (5 + 50) * time.Minute}, {8, 1, 13 * time.Minute}, {0, 15, 45 * time.Minute},
	} {
		c := Config{Requests: tc.requests, Window: time.Minute}
		if got := c.ShareFloor(); got != tc.floor {
			t.Errorf("ShareFloor of %d: %d, want %d", tc.requests, got, tc.floor)
		}
		if got := c.LearnedFor(); got != tc.keep {
			t.Errorf("LearnedFor of %d: %s, want %s", tc.requests, got, tc.keep)
		}
		// Any limit has risen back by then.
		c = c.withDefaults()
		l := learning{limit: 1, at: time.Unix(0, 0)}
		if got := l.limitAt(c, l.at.Add(c.LearnedFor())); got != c.Requests {
			t.Errorf("%d: a limit of 1 is %d after LearnedFor, want %d", tc.requests, got, c.Requests)
		}
	}
}
