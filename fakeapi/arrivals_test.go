package fakeapi

import (
	"testing"
	"time"
)

func TestApplicantsRespondWhileStarted(t *testing.T) {
	srv := New(Options{Received: 20, Arrivals: 2, ArrivalEvery: 20 * time.Millisecond})
	before := len(srv.OwnResumeIDs(0))
	if _, err := srv.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(srv.OwnResumeIDs(0)) < before+4 {
		if time.Now().After(deadline) {
			t.Fatalf("inbox %d after 5 s, was %d", len(srv.OwnResumeIDs(0)), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
	srv.Close()
	time.Sleep(50 * time.Millisecond) // a tick in flight may still add
	after := len(srv.OwnResumeIDs(0))
	time.Sleep(100 * time.Millisecond)
	if n := len(srv.OwnResumeIDs(0)); n != after {
		t.Errorf("responses still arrive after Close: %d → %d", after, n)
	}
}

func TestArrivalsTakeAMinuteByDefault(t *testing.T) {
	srv := New(Options{Received: 10, Arrivals: 1})
	if srv.opts.ArrivalEvery != time.Minute {
		t.Errorf("default interval %s", srv.opts.ArrivalEvery)
	}
	if _, err := srv.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	srv.Close()
}
