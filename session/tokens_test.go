package session

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/config"
	"hrdesk/fakeapi"
)

// tokenProfile is a profile of a fresh data directory on a fake service
// whose clock is offset from this machine's.
func tokenProfile(t *testing.T, offset time.Duration) (*fakeapi.Server, *Profile) {
	t.Helper()
	srv := fakeapi.New(fakeapi.Options{Seed: 2, Received: 5, RequestsPerMinute: -1, ClockOffset: offset})
	base, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	cfg := config.Defaults(config.EnvFromList(nil))
	cfg.BaseURL, cfg.ClientID, cfg.Secret = base, fakeapi.DemoClientID, fakeapi.DemoSecret
	cfg.DataDir = t.TempDir()
	cfg.RequestsPerMinute = 60000
	return srv, &Profile{Config: cfg}
}

// Issue 27 item 11: the expiry the token file keeps reaches the client, so
// a token known to be expired is renewed before the request, not after
// the service's 410.
func TestTheStoredExpiryReachesTheClient(t *testing.T) {
	for _, tc := range []struct {
		name     string
		expires  time.Duration
		renewals int
	}{{"expired", -time.Hour, 1}, {"alive", time.Hour, 0}} {
		t.Run(tc.name, func(t *testing.T) {
			srv, p := tokenProfile(t, 0)
			access, refresh := srv.IssueToken()
			if err := p.SaveLogin(apiclient.Token{AccessToken: access, RefreshToken: refresh, Expires: time.Now().Add(tc.expires)}); err != nil {
				t.Fatal(err)
			}
			c, err := p.LoggedInClient()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.CurrentUser(context.Background()); err != nil {
				t.Fatal(err)
			}
			got := srv.Requests()
			if got["/2.0/oauth2/refresh_token/"] != tc.renewals || got["/2.0/user/current/"] != 1 {
				t.Errorf("requests %v; want %d renewals and the call once", got, tc.renewals)
			}
		})
	}
}

func TestAClockTenDaysOffIsToldOnce(t *testing.T) {
	srv, p := tokenProfile(t, -10*24*time.Hour)
	var told []time.Duration
	p.ClockSkew = func(ahead time.Duration) { told = append(told, ahead) }
	p.ClockTold = new(atomic.Bool)
	for range 2 { // two commands of one process
		c, err := p.Client(nil)
		if err != nil {
			t.Fatal(err)
		}
		tok, err := c.PasswordLogin(context.Background(), fakeapi.DemoLogin, fakeapi.DemoPassword, true)
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			if _, err := c.CurrentUser(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if time.Until(tok.Expires) < 6*24*time.Hour {
			t.Errorf("expiry %v: not the week of expires_in from now", tok.Expires)
		}
	}
	if n := srv.Requests()["/2.0/oauth2/refresh_token/"]; n != 0 {
		t.Errorf("%d renewals of fresh logins", n)
	}
	if len(told) != 1 || (told[0]-10*24*time.Hour).Abs() > time.Minute {
		t.Errorf("told %v; want the difference once, ten days ahead", told)
	}
}
