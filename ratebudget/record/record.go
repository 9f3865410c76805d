// Package record keeps when a profile's latest requests went, in a
// small file of its data directory (requests.json, 0600), so that every
// process of the profile adds to one record (the workstation, `hrdesk
// serve`, a cron sync, a typed command) and `hrdesk status`, a process of
// its own that sends nothing, can say how much of this minute's budget is
// spent (issue 11 §7). A process's own ratebudget.Scheduler knows only its own
// requests; the service counts them all.
//
// Requests are noted in memory and written together within FlushDelay,
// under a lock beside the file, so no process's times are lost to
// another's write and no request waits on the disk.
package record

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"hrdesk/internal/filelock"
	"hrdesk/internal/privatefile"
)

// FlushDelay is how long a noted request may wait before it is written:
// `hrdesk status` is at most this late.
const FlushDelay = time.Second

// maxKept bounds the file whatever the window holds: many processes
// sending at once are still a few kilobytes.
const maxKept = 4096

// maxAhead is how far past now a recorded request may be dated and still
// count (issue 18 §5). The window drops requests only as they grow old, so
// one dated in the future — a file written by hand, or by a process before
// the clock stepped back — would count against the budget for as long,
// and stay in the file for good. A minute covers processes noting and
// writing at once.
const maxAhead = time.Minute

// record is the file's content.
type record struct {
	// Sent is when each request went, in Unix milliseconds, oldest first;
	// only the last window's are kept.
	Sent []int64 `json:"sent"`
	// Learned is the limit a process learned from the service's refusals
	// (issue 26 §5), for `hrdesk status`; the newest wins.
	Learned *learned `json:"learned,omitempty"`
}

type learned struct {
	Limit int   `json:"limit"`
	At    int64 `json:"at"` // Unix milliseconds
}

// Read returns the times of the requests recorded at path, oldest first;
// none when there is no file yet.
func Read(path string) ([]time.Time, error) {
	rec, err := load(path)
	if err != nil {
		return nil, err
	}
	times := make([]time.Time, len(rec.Sent))
	for i, ms := range rec.Sent {
		times[i] = time.UnixMilli(ms)
	}
	return times, nil
}

// maxFile bounds what load reads: maxKept times are some 60 KB, and a
// larger file is no record of hrdesk's (it reads as damaged).
const maxFile = 1 << 20

// load reads the record at path. Only a regular file is read: a named
// pipe there (the data directory is one the user names) blocked `status`
// and, under the lock, every process's flush for ever (issue 26 §1); a
// *privatefile.NotRegularError says what is there instead.
func load(path string) (record, error) {
	var rec record
	f, err := privatefile.OpenRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return rec, nil
	}
	if err != nil {
		return rec, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFile+1))
	if err != nil {
		return rec, err
	}
	if err := json.Unmarshal(data, &rec); err != nil || len(data) > maxFile {
		// A damaged record only costs the meter's figure; it is rewritten
		// with the next requests.
		return record{}, nil
	}
	now := time.Now()
	rec.Sent = dropFuture(rec.Sent, now)
	if rec.Learned != nil && rec.Learned.At > now.Add(maxAhead).UnixMilli() {
		rec.Learned = nil // dated ahead: it would never rise back
	}
	return rec, nil
}

// dropFuture removes the times more than maxAhead after now.
func dropFuture(sent []int64, now time.Time) []int64 {
	limit := now.Add(maxAhead).UnixMilli()
	return slices.DeleteFunc(sent, func(ms int64) bool { return ms > limit })
}

// Recorder notes one profile's requests and writes them to its file.
type Recorder struct {
	path   string
	window time.Duration

	mu      sync.Mutex
	pending []int64
	learned *learned    // noted, not yet written
	timer   *time.Timer // the write planned for pending; nil when none

	writeMu sync.Mutex // one write of the file at a time in this process
}

// Sent notes a request that went at at; it is written within FlushDelay.
func (r *Recorder) Sent(at time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pending = append(r.pending, at.UnixMilli())
	if r.timer == nil {
		r.timer = time.AfterFunc(FlushDelay, func() { _ = r.Flush() })
	}
}

// Learned notes the limit the profile's budget learned at at from the
// service's refusals; it is written within FlushDelay.
func (r *Recorder) Learned(limit int, at time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.learned = &learned{Limit: limit, At: at.UnixMilli()}
	if r.timer == nil {
		r.timer = time.AfterFunc(FlushDelay, func() { _ = r.Flush() })
	}
}

// ReadLearned is the newest limit learned from the service's refusals
// recorded at path, and when; zero when none (or one dated ahead).
func ReadLearned(path string) (limit int, at time.Time, err error) {
	rec, err := load(path)
	if err != nil || rec.Learned == nil || rec.Learned.Limit <= 0 {
		return 0, time.Time{}, err
	}
	return rec.Learned.Limit, time.UnixMilli(rec.Learned.At), nil
}

// Flush writes the requests noted so far.
func (r *Recorder) Flush() error {
	r.writeMu.Lock()
	defer r.writeMu.Unlock()
	r.mu.Lock()
	pending, l := r.pending, r.learned
	r.pending, r.learned = nil, nil
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	r.mu.Unlock()
	if len(pending) == 0 && l == nil {
		return nil
	}
	return r.write(pending, l)
}

// write merges sent into the file under its lock, dropping what left the
// window. The data directory is not created: a profile without one (a
// demo's, removed as it ends) keeps no record.
func (r *Recorder) write(sent []int64, l *learned) error {
	if _, err := os.Stat(filepath.Dir(r.path)); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	unlock, err := filelock.Lock(ctx, r.path+".lock")
	if err != nil {
		return err
	}
	defer unlock()
	rec, err := load(r.path)
	if err != nil {
		return err
	}
	now := time.Now()
	all := dropFuture(append(rec.Sent, sent...), now) // noted before the clock stepped back
	slices.Sort(all)
	cut := now.Add(-r.window).UnixMilli()
	i, _ := slices.BinarySearch(all, cut+1)
	all = all[max(i, len(all)-maxKept):]
	if l == nil || rec.Learned != nil && rec.Learned.At > l.At {
		l = rec.Learned
	}
	return save(r.path, record{Sent: all, Learned: l})
}

// save replaces the file at once: a reader sees the old record or the new.
func save(path string, rec record) error {
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".requests-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Recorders holds one Recorder per file, so every client of a profile in
// a process notes into the same one.
type Recorders struct {
	mu    sync.Mutex
	files map[string]*Recorder
}

// NewRecorders makes an empty set.
func NewRecorders() *Recorders { return &Recorders{files: map[string]*Recorder{}} }

// For returns the recorder of path, keeping window's worth of requests;
// later calls share it whatever window they give.
func (s *Recorders) For(path string, window time.Duration) *Recorder {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.files[path]
	if r == nil {
		r = &Recorder{path: path, window: window}
		s.files[path] = r
	}
	return r
}

// Flush writes what every recorder has noted; the first error is returned.
func (s *Recorders) Flush() error {
	s.mu.Lock()
	rs := make([]*Recorder, 0, len(s.files))
	for _, r := range s.files {
		rs = append(rs, r)
	}
	s.mu.Unlock()
	var first error
	for _, r := range rs {
		if err := r.Flush(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
