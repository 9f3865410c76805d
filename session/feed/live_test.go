package feed

import (
	"context"
	"errors"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
)

func TestFeedWakesEveryWaiter(t *testing.T) {
	f := NewFeed()
	got := make(chan PolledMsg, 2)
	for range 2 {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience)
			defer cancel()
			m, err := f.Next(ctx, 0)
			if err != nil {
				t.Error(err)
			}
			got <- m
		}()
	}
	time.Sleep(20 * time.Millisecond)
	f.Publish(PolledMsg{Arrived: 3})
	for range 2 {
		select {
		case m := <-got:
			if m.Seq != 1 || m.Arrived != 3 {
				t.Errorf("got %+v", m)
			}
		case <-time.After(testwait.Patience):
			t.Fatal("a waiter never woke")
		}
	}
	// One that fell behind gets the newest at once.
	f.Publish(PolledMsg{Arrived: 1})
	f.Publish(PolledMsg{Err: errors.New("offline")})
	m, err := f.Next(context.Background(), 1)
	if err != nil || m.Seq != 3 || m.Err == nil {
		t.Errorf("behind: %+v %v", m, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := f.Next(ctx, 3); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("no new message: %v", err)
	}
}

func TestCadenceStretchedOnlyPastPollInterval(t *testing.T) {
	f := NewFeed()
	if f.Cadence().Stretched() {
		t.Error("a feed with no poller says its polls are stretched")
	}
	for c, want := range map[Cadence]bool{
		{Every: time.Minute, Configured: time.Minute, Sharing: 60}:      false,
		{Every: 61 * time.Second, Configured: time.Minute, Sharing: 61}: true,
		{Every: time.Minute, Configured: 0}:                             false,
	} {
		f.SetCadence(c)
		if got := f.Cadence(); got != c || got.Stretched() != want {
			t.Errorf("%+v: read back %+v, stretched %v", c, got, got.Stretched())
		}
	}
}
