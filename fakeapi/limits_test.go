package fakeapi

import (
	"testing"
	"time"
)

func TestLimiterCountsOverItsWindow(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	l := newLimiter(3, 10*time.Second, func() time.Time { return now })
	for i := range 3 {
		if !l.allow("127.0.0.1") {
			t.Fatalf("request %d refused within the budget", i)
		}
	}
	if l.allow("127.0.0.1") {
		t.Error("a fourth request in the window was let through")
	}
	if !l.allow("127.0.0.2") {
		t.Error("another address shares the budget")
	}
	now = now.Add(10*time.Second + time.Millisecond)
	if !l.allow("127.0.0.1") {
		t.Error("the window did not slide")
	}
}
