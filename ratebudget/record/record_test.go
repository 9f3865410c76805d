package record

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// Two processes of a profile (two Recorders on one file) writing at once
// lose none of each other's requests.
func TestProcessesAddToOneRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "requests.json")
	a, b := NewRecorders().For(path, time.Minute), NewRecorders().For(path, time.Minute)
	now := time.Now()
	var wg sync.WaitGroup
	for i, r := range []*Recorder{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 50 {
				r.Sent(now.Add(time.Duration(i*50+j) * time.Millisecond))
				if j%10 == 9 {
					if err := r.Flush(); err != nil {
						t.Error(err)
					}
				}
			}
		}()
	}
	wg.Wait()
	times, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(times) != 100 {
		t.Fatalf("%d requests recorded, want 100", len(times))
	}
	for i := 1; i < len(times); i++ {
		if times[i].Before(times[i-1]) {
			t.Fatalf("not in order at %d: %v", i, times)
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the record's mode: %v %v", fi.Mode(), err)
	}
}

// Only the window's requests are kept: the file does not grow with the
// hours a workstation stays open.
func TestOldRequestsLeave(t *testing.T) {
	path := filepath.Join(t.TempDir(), "requests.json")
	r := NewRecorders().For(path, time.Minute)
	now := time.Now()
	r.Sent(now.Add(-2 * time.Minute))
	r.Sent(now.Add(-time.Second))
	if err := r.Flush(); err != nil {
		t.Fatal(err)
	}
	times, err := Read(path)
	if err != nil || len(times) != 1 || times[0].UnixMilli() != now.Add(-time.Second).UnixMilli() {
		t.Errorf("kept %v (%v)", times, err)
	}
}

// A noted request reaches the file by itself, without a Flush.
func TestWrittenWithinTheDelay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "requests.json")
	NewRecorders().For(path, time.Minute).Sent(time.Now())
	deadline := time.Now().Add(5 * FlushDelay)
	for {
		times, err := Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(times) == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing written after %s", 5*FlushDelay)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A profile whose data directory is gone (a demo's, removed as it ends)
// keeps no record and does not bring the directory back.
func TestNoDirectoryNoRecord(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	path := filepath.Join(dir, "requests.json")
	set := NewRecorders()
	set.For(path, time.Minute).Sent(time.Now())
	if err := set.Flush(); err == nil {
		t.Error("a record written without its directory")
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the directory came back: %v", err)
	}
	if times, err := Read(path); err != nil || len(times) != 0 {
		t.Errorf("read %v %v", times, err)
	}
}

// A damaged record costs the figure, not the command.
func TestDamagedRecordReadsEmpty(t *testing.T) {
	path := filepath.Join(t.TempDir(), "requests.json")
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if times, err := Read(path); err != nil || len(times) != 0 {
		t.Fatalf("read %v %v", times, err)
	}
	r := NewRecorders().For(path, time.Minute)
	r.Sent(time.Now())
	if err := r.Flush(); err != nil {
		t.Fatal(err)
	}
	if times, _ := Read(path); len(times) != 1 {
		t.Errorf("rewritten with %v", times)
	}
}

// Requests dated more than a minute ahead (a file written by hand, or
// before the clock stepped back) are not counted, and the next write
// drops them: they would never leave the window (issue 18 §5).
func TestFutureRequestsIgnored(t *testing.T) {
	path := filepath.Join(t.TempDir(), "requests.json")
	now := time.Now()
	past, soon := now.Add(-10*time.Second).UnixMilli(), now.Add(30*time.Second).UnixMilli()
	future := []int64{now.Add(2 * time.Minute).UnixMilli(), now.Add(time.Hour).UnixMilli(), now.AddDate(10, 0, 0).UnixMilli()}
	data := fmt.Sprintf(`{"sent":[%d,%d,%d,%d,%d]}`, past, soon, future[0], future[1], future[2])
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	millis := func() []int64 {
		t.Helper()
		times, err := Read(path)
		if err != nil {
			t.Fatal(err)
		}
		var ms []int64
		for _, at := range times {
			ms = append(ms, at.UnixMilli())
		}
		return ms
	}
	if got := millis(); !slices.Equal(got, []int64{past, soon}) {
		t.Errorf("read %v, want %v", got, []int64{past, soon})
	}
	r := NewRecorders().For(path, time.Minute)
	r.Sent(now)
	if err := r.Flush(); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	if want := fmt.Sprintf(`{"sent":[%d,%d,%d]}`, past, now.UnixMilli(), soon); string(raw) != want {
		t.Errorf("written %s, want %s", raw, want)
	}
}

// The learned limit (issue 26 §5) is written with the requests; the newest
// of two processes' wins, and one dated ahead of the clock is ignored.
func TestRecorderKeepsTheNewestLearnedLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "requests.json")
	now := time.Now()
	a := NewRecorders().For(path, time.Minute)
	b := NewRecorders().For(path, time.Minute)
	a.Sent(now)
	a.Learned(30, now.Add(-time.Second))
	if err := a.Flush(); err != nil {
		t.Fatal(err)
	}
	b.Learned(45, now.Add(-time.Minute)) // older: another process's earlier refusal
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	limit, at, err := ReadLearned(path)
	if err != nil || limit != 30 || at.UnixMilli() != now.Add(-time.Second).UnixMilli() {
		t.Errorf("learned %d at %v (%v), want 30", limit, at, err)
	}
	if sent, _ := Read(path); len(sent) != 1 {
		t.Errorf("%d requests kept beside the learned limit", len(sent))
	}
	b.Learned(20, now)
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	if limit, _, _ := ReadLearned(path); limit != 20 {
		t.Errorf("the newer limit: %d, want 20", limit)
	}
	ahead := fmt.Sprintf(`{"sent":[],"learned":{"limit":1,"at":%d}}`, now.Add(24*time.Hour).UnixMilli())
	if err := os.WriteFile(path, []byte(ahead), 0o600); err != nil {
		t.Fatal(err)
	}
	if limit, _, err := ReadLearned(path); limit != 0 || err != nil {
		t.Errorf("a limit dated a day ahead: %d (%v)", limit, err)
	}
}
