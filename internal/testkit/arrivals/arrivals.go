// Package arrivals notes what a service saw of the requests a test makes
// against it: when each came and what it was answered, and the figures of
// a rate limit over them. The budget tests (ratebudget/budgetsim, one
// process; ratebudget/pgshare, an office of machines) measure with it.
package arrivals

import (
	"net/http"
	"net/http/httptest"
	"sort"
	"sync"
	"time"
)

// Arrival is one request as the service saw it.
type Arrival struct {
	At     time.Time
	Status int
	Path   string
}

// Recorder sits in front of a service (H) and notes every arrival.
type Recorder struct {
	H  http.Handler
	mu sync.Mutex
	in []Arrival
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (r *Recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	at := time.Now()
	sw := &statusWriter{ResponseWriter: w}
	r.H.ServeHTTP(sw, req)
	r.mu.Lock()
	r.in = append(r.in, Arrival{At: at, Status: sw.status, Path: req.URL.Path})
	r.mu.Unlock()
}

// Arrivals are the requests so far, by arrival.
func (r *Recorder) Arrivals() []Arrival {
	r.mu.Lock()
	in := append([]Arrival(nil), r.in...)
	r.mu.Unlock()
	sort.Slice(in, func(i, j int) bool { return in[i].At.Before(in[j].At) })
	return in
}

// InProcess serves requests by calling H directly: inside a synctest
// bubble there is no network. Every request comes from one address, as a
// team's server or an office behind NAT sends them.
type InProcess struct{ H http.Handler }

func (t InProcess) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.RemoteAddr = "127.0.0.1:40000"
	r.RequestURI = r.URL.RequestURI()
	rec := httptest.NewRecorder()
	t.H.ServeHTTP(rec, r)
	return rec.Result(), nil
}

// Figures is what the service saw of in (by arrival): refusals for the
// rate limit (429 and 503), and the most arrivals in one window.
func Figures(in []Arrival, window time.Duration) (refused, busiest int) {
	for i, a := range in {
		if a.Status == http.StatusTooManyRequests || a.Status == http.StatusServiceUnavailable {
			refused++
		}
		n := 0
		for _, b := range in[i:] {
			if b.At.Sub(a.At) >= window {
				break
			}
			n++
		}
		busiest = max(busiest, n)
	}
	return refused, busiest
}
