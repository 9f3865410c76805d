package apiclient

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hrdesk/fakeapi"
)

// Issue 26 §7: the token's expiry was the service's ttl, an instant on
// the service's clock. With the clocks a week apart every token looked
// expired as it arrived, and each request was preceded by a renewal.

// skewedFake is the fake service with its clock offset from this
// machine's, and a logged-in client of it that notes clock notices.
func skewedFake(t *testing.T, offset time.Duration) (*fakeapi.Server, *Client, *[]time.Duration) {
	t.Helper()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	srv := fakeapi.New(fakeapi.Options{Seed: 3, Received: 5, RequestsPerMinute: -1, ClockOffset: offset,
		Now: func() time.Time { return now }})
	base, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	var mu sync.Mutex
	var told []time.Duration
	c, err := New(Config{BaseURL: base, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret, RequestsPerMinute: -1,
		Now: func() time.Time { return now }, OnClockSkew: func(d time.Duration) {
			mu.Lock()
			told = append(told, d)
			mu.Unlock()
		}})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := c.PasswordLogin(context.Background(), fakeapi.DemoLogin, fakeapi.DemoPassword, true)
	if err != nil {
		t.Fatal(err)
	}
	if want := now.Add(7 * 24 * time.Hour); !tok.Expires.Equal(want) {
		t.Errorf("expiry %v; want %v: the 7 days of expires_in on this machine's clock", tok.Expires, want)
	}
	return srv, c, &told
}

func TestAServiceClockAWeekAwayRenewsNothing(t *testing.T) {
	for _, offset := range []time.Duration{-7*24*time.Hour - time.Hour, 7*24*time.Hour + time.Hour} {
		t.Run(offset.String(), func(t *testing.T) {
			srv, c, told := skewedFake(t, offset)
			for range 20 {
				if _, err := c.CurrentUser(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			if n := srv.Requests()["/2.0/oauth2/refresh_token/"]; n != 0 {
				t.Errorf("%d renewals for 20 requests of a fresh login; want none", n)
			}
			if len(*told) != 1 || (*told)[0] != -offset {
				t.Fatalf("clock notices %v; want once, %v", *told, -offset)
			}
		})
	}
}

func TestAServiceClockWithinAMinuteIsNotMentioned(t *testing.T) {
	for _, offset := range []time.Duration{time.Minute, -time.Minute} {
		_, c, told := skewedFake(t, offset)
		if _, err := c.CurrentUser(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(*told) != 0 {
			t.Errorf("offset %v: notices %v; a minute is within what the Date header and the way allow", offset, *told)
		}
	}
	_, c, told := skewedFake(t, time.Minute+time.Second)
	if _, err := c.CurrentUser(context.Background()); err != nil || len(*told) != 1 {
		t.Errorf("61 s: notices %v, %v; want one", *told, err)
	}
}

// ttlService answers the refresh with the given body and, when date is
// set, that Date header (none otherwise); it accepts any bearer token.
func ttlService(body func(n int32) string, date string) (*http.ServeMux, *atomic.Int32) {
	var renewals atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) {
		n := renewals.Add(1)
		w.Header()["Date"] = nil
		if date != "" {
			w.Header().Set("Date", date)
		}
		fmt.Fprint(w, body(n))
	})
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{"id":1}`) })
	return mux, &renewals
}

func TestTTLAloneIsMovedByTheServiceDate(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	served := now.Add(-10 * 24 * time.Hour)
	for _, tc := range []struct {
		name, date string
		want       time.Time
	}{
		{"with Date", served.Format(http.TimeFormat), now.Add(time.Hour)},
		{"without Date", "", served.Add(time.Hour)},
	} {
		mux, _ := ttlService(func(n int32) string {
			return fmt.Sprintf(`{"access_token":"a-%d","refresh_token":"r-%d","ttl":%d}`, n, n, served.Add(time.Hour).Unix())
		}, tc.date)
		c, _ := setup(t, mux, func(cfg *Config) { cfg.Now = func() time.Time { return now } })
		tok, err := c.RefreshToken(context.Background(), "r-0")
		if err != nil {
			t.Fatal(err)
		}
		if !tok.Expires.Equal(tc.want) && !(tc.want.Before(now) && tok.Expires.IsZero()) {
			t.Errorf("%s: expiry %v; want %v", tc.name, tok.Expires, tc.want)
		}
	}
}

func TestATokenDueAsItArrivesIsNotRenewedAhead(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	for name, body := range map[string]string{
		"ttl in the past":    `{"access_token":"a-%d","refresh_token":"r-%d","ttl":%d}`,
		"seconds to live":    `{"access_token":"a-%d","refresh_token":"r-%d","ttl":%[3]d,"expires_in":45}`,
		"ttl a minute ahead": `{"access_token":"a-%d","refresh_token":"r-%d","ttl":%d}`,
	} {
		t.Run(name, func(t *testing.T) {
			ttl := now.Add(-10 * 24 * time.Hour)
			if name == "ttl a minute ahead" {
				ttl = now.Add(time.Minute - time.Second)
			}
			mux, renewals := ttlService(func(n int32) string { return fmt.Sprintf(body, n, n, ttl.Unix()) }, "")
			c, _ := setup(t, mux, func(cfg *Config) { cfg.Now = func() time.Time { return now } })
			c.SetToken(Token{AccessToken: "a-0", RefreshToken: "r-0", Expires: now.Add(-time.Hour)})
			for range 10 {
				if _, err := c.CurrentUser(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			if n := renewals.Load(); n != 1 {
				t.Errorf("%d renewals for 10 requests; want the one of the expired token, then the service decides", n)
			}
		})
	}
}

func TestATokenWithAMinuteAndMoreIsRenewedWhenDue(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	clock := now
	mux, renewals := ttlService(func(n int32) string {
		return fmt.Sprintf(`{"access_token":"a-%d","refresh_token":"r-%d","expires_in":61}`, n, n)
	}, "")
	c, _ := setup(t, mux, func(cfg *Config) { cfg.Now = func() time.Time { return clock } })
	tok, err := c.RefreshToken(context.Background(), "r-0")
	if err != nil || !tok.Expires.Equal(now.Add(61*time.Second)) {
		t.Fatalf("%+v %v", tok, err)
	}
	clock = now.Add(31 * time.Second) // within refreshSkew of the expiry
	if _, err := c.CurrentUser(context.Background()); err != nil || renewals.Load() != 2 {
		t.Errorf("renewals %d, %v; want the due token renewed ahead", renewals.Load(), err)
	}
}
