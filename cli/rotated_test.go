package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/tokenfile"
)

// Issue 18 §2: an open workstation uses the login in the token file, not
// the one it read when it started. Another process (a cron `hrdesk sync`,
// a `hrdesk whoami`) renews the expired login; the service then knows only
// the new pair, and the workstation must keep working with it.
func TestAnOpenWorkstationFollowsARenewalElsewhere(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	m, _ := newWorkstation(t, e)
	keys(t, m, "r") // the workstation's engine now holds the login it read
	path := filepath.Join(e.dir, "data", "token.json")
	old, err := tokenfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	e.srv.ExpireToken(old.AccessToken)
	if code, _, errs := e.run("", "whoami"); code != 0 { // renews it, retiring the old pair
		t.Fatal(errs)
	}
	if now, _ := tokenfile.Load(path); now.AccessToken == old.AccessToken {
		t.Fatal("whoami did not renew the login")
	}
	first := e.srv.OwnResumeIDs(0)
	keys(t, m, "r", "m", "4")
	if screen := ansi.Strip(m.View().Content); strings.Contains(screen, "session expired") {
		t.Errorf("the workstation lost the session another process renewed:\n%s", screen)
	}
	if st, _, _ := e.srv.Folder(first[0]); st != 30 {
		t.Errorf("the move after the renewal did not reach the server: status %d", st)
	}
}
