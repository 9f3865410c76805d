package sshserve

import (
	"sync"
	"time"
)

// dropLogEvery is how often a kind of dropped connection may have a line
// in the connection log: a flood of them must not flood the log.
const dropLogEvery = time.Minute

// dropLog writes the connections the server dropped before they logged
// in: the first of a kind at once, the rest of that kind counted and
// summed up in one line when dropLogEvery has passed since.
type dropLog struct {
	log   *connLog
	every time.Duration

	mu     sync.Mutex
	kinds  map[string]*drops
	closed bool // at shutdown: no timers any more, every line at once
}

// drops are the drops of one kind.
type drops struct {
	quietUntil time.Time // lines of this kind wait until then
	held       int       // drops not logged yet
	since      time.Time // of the first held one
	last       string    // the last held one, as its own line would say it
	timer      *time.Timer
}

func newDropLog(log *connLog) *dropLog {
	return &dropLog{log: log, every: dropLogEvery, kinds: map[string]*drops{}}
}

// drop records that the connection from remote was dropped for why; kind
// groups the drops that share a line when they come in a flood.
func (d *dropLog) drop(kind, remote, why string) {
	now := time.Now()
	d.mu.Lock()
	defer d.mu.Unlock()
	k := d.kinds[kind]
	if k == nil {
		k = &drops{}
		d.kinds[kind] = k
	}
	if d.closed || (k.held == 0 && !now.Before(k.quietUntil)) {
		d.log.printf("dropped remote=%s: %s", remote, why)
		k.quietUntil = now.Add(d.every)
		return
	}
	if k.held == 0 {
		k.since = now
	}
	k.held++
	k.last = "remote=" + remote + ": " + why
	if k.timer == nil {
		k.timer = time.AfterFunc(k.quietUntil.Sub(now), func() { d.flush(k) })
	}
}

func (d *dropLog) flush(k *drops) {
	d.mu.Lock()
	defer d.mu.Unlock()
	k.timer = nil
	d.summarize(k)
}

// summarize writes the held drops of a kind in one line. Under d.mu.
func (d *dropLog) summarize(k *drops) {
	if k.held == 0 {
		return
	}
	d.log.printf("dropped %d more connections in %s, the last %s",
		k.held, time.Since(k.since).Round(time.Second), k.last)
	k.held = 0
	k.quietUntil = time.Now().Add(d.every)
}

// close writes what is held and stops the timers (at shutdown).
func (d *dropLog) close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.closed = true
	for _, k := range d.kinds {
		if k.timer != nil {
			k.timer.Stop()
			k.timer = nil
		}
		d.summarize(k)
	}
}
