package syncer

import "time"

// Progress is a snapshot of a running sync, for a progress bar or a status line.
type Progress struct {
	Phase    Phase
	Status   int // the list being fetched (pull)
	Done     int // entries fetched or actions sent so far
	Total    int // best estimate of the whole; grows as lists are discovered
	Requests int // HTTP requests made
	ETA      time.Duration
	// Waiting is set while the sync waits to try a request again (see
	// WaitReason): "waiting for the rate limit, ~40 s".
	Waiting    time.Duration
	WaitReason WaitReason
	// Note is news about the data the sync met, said once, to be shown or
	// logged: "inbox: the service lists 0 (0 read) where the cache holds
	// 261; reading it again before hiding 261". Empty on other reports.
	Note string
	// News is Note's facts, for words in the recruiter's language (cli's
	// sync); Kind NewsNone for a note without them.
	News News
}

// Phase is what the engine is doing.
type Phase string

// Phases of a sync.
const (
	PhasePush      Phase = "push"
	PhasePull      Phase = "pull"
	PhaseCatalogue Phase = "catalogue" // templates, vacancies, user
	PhaseDone      Phase = "done"
)

// progressMeter counts and reports; the ETA comes from the fetch rate so far.
type progressMeter struct {
	report   func(Progress)
	now      func() time.Time
	started  time.Time
	requests int
	done     int
	total    int
	phase    Phase
	status   int
	waiting  time.Duration
	why      WaitReason
}

func (p *progressMeter) reset() {
	p.started = p.now()
	p.requests, p.done, p.total = 0, 0, 0
}

func (p *progressMeter) request() { p.requests++ }

func (p *progressMeter) set(phase Phase, status int) {
	p.phase, p.status = phase, status
	p.emit()
}

// wait reports a wait (or, with why "", its end).
func (p *progressMeter) wait(why WaitReason, d time.Duration) {
	p.why, p.waiting = why, d
	if why == "" {
		p.waiting = 0
	}
	p.emit()
}

func (p *progressMeter) add(done, total int) {
	p.done += done
	p.total += total
	p.emit()
}

func (p *progressMeter) emit() {
	if p.report == nil {
		return
	}
	p.report(p.snapshot())
}

func (p *progressMeter) snapshot() Progress {
	pr := Progress{Phase: p.phase, Status: p.status, Done: p.done, Total: p.total, Requests: p.requests,
		Waiting: p.waiting, WaitReason: p.why}
	if p.done > 0 && p.total > p.done {
		elapsed := p.now().Sub(p.started)
		pr.ETA = time.Duration(float64(elapsed) * float64(p.total-p.done) / float64(p.done)).Round(time.Second)
	}
	return pr
}
