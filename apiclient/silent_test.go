package apiclient

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// silentService accepts connections on loopback and never answers: what
// a hung service behind a live load balancer looks like. It counts the
// connections it took.
func silentService(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var accepted atomic.Int32
	done := make(chan struct{})
	var conns []net.Conn
	go func() {
		defer close(done)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			conns = append(conns, c) // held open, never read, never answered
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		<-done
		for _, c := range conns {
			c.Close()
		}
	})
	return "http://" + ln.Addr().String(), &accepted
}

// A call to a service that never answers gives up when AnswerTimeout is
// spent across its tries, not after MaxRetries+1 tries of the HTTP
// client's own timeout each (issue 26 §4: whoami took 5 × 30 s).
func TestASilentServiceIsGivenUpOnAfterTheAnswerTimeout(t *testing.T) {
	base, accepted := silentService(t)
	c, err := New(Config{BaseURL: base, ClientID: 1, Secret: testSecret, RequestsPerMinute: -1,
		MaxRetries: 4, AnswerTimeout: 300 * time.Millisecond,
		HTTPClient: &http.Client{}, // no timeout of its own: only AnswerTimeout can end a try
		Sleep:      func(ctx context.Context, d time.Duration) error { return ctx.Err() }})
	if err != nil {
		t.Fatal(err)
	}
	c.SetToken(Token{AccessToken: "a", RefreshToken: "r"})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a hang fails, not hits make test's timeout
	defer cancel()
	_, err = c.CurrentUser(ctx)
	if err == nil || !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "in time") {
		t.Fatalf("got %v; want no answer in time", err)
	}
	if ctx.Err() != nil {
		t.Fatal("the call ran until the test's own deadline")
	}
	if n := accepted.Load(); n != 1 {
		t.Errorf("%d connections; the first try spends the whole answer timeout, none is left for another", n)
	}
}
