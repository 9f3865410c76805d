package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/store"
)

// A login the token file cannot keep is a failed login, said as such: the
// terminal is not told it is logged in while the next start would not be.
func TestALoginThatCannotBeStoredFails(t *testing.T) {
	_, p := tokenProfile(t, 0)
	// token.json is a directory with something in it: no file can replace it.
	if err := os.MkdirAll(filepath.Join(p.Config.TokenFile(), "in the way"), 0o700); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(p.Config.CacheFile())
	if err != nil {
		t.Fatal(err)
	}
	s := Open(*p, st, Options{})
	closeAtEnd(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience)
	defer cancel()
	ui := s.Backend(nil)
	err = ui.Login(ctx, fakeapi.DemoLogin, fakeapi.DemoPassword)
	if err == nil || !strings.Contains(err.Error(), "cannot store the login") {
		t.Fatalf("a login whose token cannot be stored: %v", err)
	}
	if ui.LoggedIn() {
		t.Error("logged in, though the login was not stored")
	}
}
