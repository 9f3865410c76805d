package syncer

import (
	"context"
	"testing"
	"time"
)

// The meter's reports, on a clock of the test's: the ETA is the time so
// far scaled by what is left over what is done, and a wait is reported
// with its reason and length, then its end.
func TestProgressReportsTheETAAndTheWaits(t *testing.T) {
	now := testNow
	var got []Progress
	p := progressMeter{report: func(pr Progress) { got = append(got, pr) }, now: func() time.Time { return now }}
	p.reset()
	last := func() Progress {
		t.Helper()
		if len(got) == 0 {
			t.Fatal("no report")
		}
		return got[len(got)-1]
	}

	now = now.Add(10 * time.Second)
	p.add(0, 100)
	if pr := last(); pr.ETA != 0 || pr.Done != 0 || pr.Total != 100 {
		t.Errorf("nothing done yet: %+v, want no ETA", pr)
	}
	p.add(25, 0)
	if pr := last(); pr.ETA != 30*time.Second || pr.Done != 25 {
		t.Errorf("25 of 100 in 10 s: %+v, want an ETA of 30 s", pr)
	}
	now = now.Add(10 * time.Second)
	p.add(75, 0)
	if pr := last(); pr.ETA != 0 {
		t.Errorf("all done: %+v, want no ETA", pr)
	}

	p.request()
	p.request()
	p.wait(WaitRateLimit, 40*time.Second)
	if pr := last(); pr.WaitReason != WaitRateLimit || pr.Waiting != 40*time.Second || pr.Requests != 2 {
		t.Errorf("waiting: %+v, want the rate limit, 40 s, 2 requests", pr)
	}
	p.wait("", 0)
	if pr := last(); pr.WaitReason != "" || pr.Waiting != 0 {
		t.Errorf("after the wait: %+v", pr)
	}
	p.tell(News{Kind: NewsDisagree, Folder: "inbox", Read: 3})
	if pr := last(); pr.Note != "inbox: 3 reads of the list disagree; nothing hidden this time" || pr.News.Kind != NewsDisagree || pr.News.Read != 3 {
		t.Errorf("note: %+v", pr)
	}
	p.reset()
	p.set(PhasePull, 20)
	if pr := last(); pr.Requests != 0 || pr.Done != 0 || pr.Total != 0 || pr.Phase != PhasePull || pr.Status != 20 || pr.Note != "" {
		t.Errorf("after a reset: %+v", pr)
	}

	// Without a report function nothing is called.
	quiet := progressMeter{now: func() time.Time { return now }}
	quiet.reset()
	quiet.add(1, 2)
	quiet.wait(WaitServer, time.Second)
	quiet.tell(News{Kind: NewsNoVacancies, Cached: 1})
}

// A wait the host's budget holds a request for reads as a wait for the
// rate limit; 0 says it ended.
func TestAHoldOfTheBudgetIsReportedAsTheRateLimit(t *testing.T) {
	var got []Progress
	e := New(newMemServer(), openStore(t), Options{Now: func() time.Time { return testNow }, Owner: "test",
		Progress: func(pr Progress) { got = append(got, pr) }})
	e.heldByBudget(40 * time.Second)
	e.heldByBudget(0)
	e.heldByBudget(-time.Second)
	if len(got) != 3 {
		t.Fatalf("reports %+v, want three", got)
	}
	if got[0].WaitReason != WaitRateLimit || got[0].Waiting != 40*time.Second {
		t.Errorf("held 40 s: %+v", got[0])
	}
	for _, pr := range got[1:] {
		if pr.WaitReason != "" || pr.Waiting != 0 {
			t.Errorf("the hold's end: %+v, want no wait", pr)
		}
	}
}

// sleepCtx waits at least d (a lower bound only: a loaded machine may
// make it longer), and ends early with ctx's error when ctx ends.
func TestSleepCtxWaitsOrEndsWithCtx(t *testing.T) {
	start := time.Now()
	if err := sleepCtx(context.Background(), 30*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el < 30*time.Millisecond {
		t.Errorf("a 30 ms sleep ended after %v", el)
	}
	if err := sleepCtx(context.Background(), 0); err != nil {
		t.Errorf("a zero sleep: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := sleepCtx(ctx, 0); err == nil {
		t.Error("a zero sleep of an ended ctx: no error")
	}
	if err := sleepCtx(ctx, time.Hour); err == nil {
		t.Error("an hour's sleep of an ended ctx: no error")
	}
}
