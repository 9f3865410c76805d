package fakeapi

import (
	"bytes"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// FaultKind is one way an answer can go wrong.
//
// Kinds that fail BEFORE the method runs (nothing is applied): FaultServerError,
// FaultRateLimited, FaultUnavailable, FaultHTMLPage. Kinds that fail AFTER it
// ran (an action IS applied, the answer is lost): FaultTruncated, FaultDrop.
// FaultSlow applies and answers, late.
type FaultKind int

// Fault kinds.
const (
	FaultServerError FaultKind = iota // 500, 502 or 504 with a JSON error body
	FaultRateLimited                  // 429 "Limit is over", Retry-After: 0
	FaultUnavailable                  // 503, Retry-After: 0
	FaultHTMLPage                     // 502 text/html from a "proxy"
	FaultTruncated                    // 200 with the JSON body cut in half
	FaultDrop                         // the connection closes with no answer
	FaultSlow                         // the answer comes after Faults.Slow
)

// AllFaults is every kind.
var AllFaults = []FaultKind{FaultServerError, FaultRateLimited, FaultUnavailable, FaultHTMLPage, FaultTruncated, FaultDrop, FaultSlow}

// Applies reports whether a request hit by this fault still had its effect.
func (k FaultKind) Applies() bool { return k >= FaultTruncated }

// Faults make a share of answers fail, deterministically for a seed.
type Faults struct {
	Rate  float64     // 0..1: the share of requests that fail
	Seed  int64       // for the sequence of failures
	Kinds []FaultKind // nil: all kinds
	Slow  time.Duration
}

type faultPlan struct {
	mu  sync.Mutex
	f   Faults
	rng *rand.Rand
}

func newFaultPlan(f Faults) *faultPlan {
	p := &faultPlan{}
	p.set(f)
	return p
}

func (p *faultPlan) set(f Faults) {
	if len(f.Kinds) == 0 {
		f.Kinds = AllFaults
	}
	if f.Slow == 0 {
		f.Slow = 1500 * time.Millisecond
	}
	p.mu.Lock()
	p.f = f
	p.rng = rand.New(rand.NewPCG(uint64(f.Seed), 77))
	p.mu.Unlock()
}

// next draws this request's fault; ok false for a clean answer.
func (p *faultPlan) next() (FaultKind, time.Duration, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.f.Rate <= 0 || p.rng.Float64() >= p.f.Rate {
		return 0, 0, false
	}
	return p.f.Kinds[p.rng.IntN(len(p.f.Kinds))], p.f.Slow, true
}

func (p *faultPlan) serve(w http.ResponseWriter, r *http.Request, h http.Handler) {
	kind, slow, ok := p.next()
	if !ok {
		h.ServeHTTP(w, r)
		return
	}
	switch kind {
	case FaultServerError:
		writeError(w, []int{500, 502, 504}[int(slow)%3], "Внутренняя ошибка сервера", nil)
	case FaultRateLimited:
		w.Header().Set("Retry-After", "0")
		writeError(w, http.StatusTooManyRequests, "Limit is over", nil)
	case FaultUnavailable:
		w.Header().Set("Retry-After", "0")
		writeError(w, http.StatusServiceUnavailable, "Сервис временно недоступен", nil)
	case FaultHTMLPage:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusBadGateway)
		w.Write([]byte("<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>"))
	case FaultTruncated:
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		body := rec.Body.Bytes()
		if len(body) < 2 {
			body = []byte(`{"res`)
		}
		w.WriteHeader(http.StatusOK)
		w.Write(bytes.Clone(body[:len(body)/2]))
	case FaultDrop:
		h.ServeHTTP(httptest.NewRecorder(), r)
		hijackClose(w)
	case FaultSlow:
		time.Sleep(slow)
		h.ServeHTTP(w, r)
	}
}
