package session

import (
	"os"
	"testing"
	"time"

	"hrdesk/tokenfile"
)

// The status bar's reading: the login's end and whether it renews come
// from the profile's token file as it is now (another process may have
// renewed it), the budget from the profile's host, nothing shared away
// without a shared budget.
func TestMeterReadsTheTokenFileAndTheBudget(t *testing.T) {
	t.Parallel()
	_, s := openTest(t, 0, Options{}, nil)
	b := s.Backend(nil)
	path := s.p.Config.TokenFile()
	tok, err := tokenfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if tok.RefreshToken == "" || tok.Expires.IsZero() {
		t.Fatalf("the test's login has no refresh token or no expiry: %+v", tok.Expires)
	}
	m := b.Meter()
	if !m.LoginEnds.Equal(tok.Expires) || !m.Renews {
		t.Errorf("meter: login ends %v renews %v; the token file: %v, a refresh token", m.LoginEnds, m.Renews, tok.Expires)
	}
	if m.SharedAway {
		t.Error("no shared budget configured, yet the meter says it is away")
	}
	if m.Limit != 60000 || m.Left <= 0 || m.Left > m.Limit {
		t.Errorf("budget %d left of %d, want some left of the configured 60000", m.Left, m.Limit)
	}

	// Another process renewed the login without a refresh token.
	tok.Expires, tok.RefreshToken = time.Now().Add(90*time.Minute).Truncate(time.Second), ""
	if err := tokenfile.Save(path, tok); err != nil {
		t.Fatal(err)
	}
	if m := b.Meter(); !m.LoginEnds.Equal(tok.Expires) || m.Renews {
		t.Errorf("after the file changed: login ends %v renews %v, want %v and no renewal", m.LoginEnds, m.Renews, tok.Expires)
	}

	// Logged out: no login to end.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if m := b.Meter(); !m.LoginEnds.IsZero() || m.Renews {
		t.Errorf("without a token file: login ends %v renews %v", m.LoginEnds, m.Renews)
	}
}
