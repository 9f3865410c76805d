package cli

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"hrdesk/store"
)

// Issue 19 §2.1: user folders were lost. `hrdesk move ID Shortlist` was
// accepted, and the next sync put the resume back in Inbox (the status
// filter cannot list user folders); resumes the service already held in
// user folders never showed in them.
func TestUserFoldersSurviveTheSync(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	f, err := os.OpenFile(cfg, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n[[folders]]\nid = 1001\nname = \"Shortlist\"\n\n[[folders]]\nid = 1002\nname = \"Reserve\"\n")
	f.Close()
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	inbox := e.srv.OwnResumeIDs(0)
	moved, onSite, later := inbox[0], inbox[1], inbox[2]
	if code, out, errs := e.run("", "move", strconv.FormatInt(moved, 10), "Shortlist"); code != 0 {
		t.Fatal(out, errs)
	}
	if _, folder, _ := e.srv.Folder(moved); folder != "1001" {
		t.Fatalf("the service holds %d in folder %q, want 1001", moved, folder)
	}
	// A colleague files another one there in the web cabinet, and a third
	// one, filed earlier, gets a newer event (invited on the site).
	e.srv.MoveToUserFolderOnSite(onSite, 1001, "Shortlist")
	e.srv.MoveToUserFolderOnSite(later, 1002, "Reserve")
	for range 2 {
		if code, _, errs := e.run("", "sync"); code != 0 {
			t.Fatal(errs)
		}
	}
	want := map[int64]string{moved: "1001", onSite: "1001", later: "1002"}
	check := func(when string) {
		t.Helper()
		st := openCache(t, e)
		defer st.Close()
		for id, folder := range want {
			d, err := st.Entry(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if d.Folder != folder {
				t.Errorf("%s: resume %d shows in %q, want %q", when, id, d.Folder, folder)
			}
		}
	}
	check("after two syncs")
	_, out, _ := e.run("", "status")
	if !regexp.MustCompile(`(?m)^Shortlist +2 `).MatchString(out) || !regexp.MustCompile(`(?m)^Reserve +1 `).MatchString(out) {
		t.Errorf("status does not list the user folders with their counts:\n%s", out)
	}
	// An event newer than the move ends it: invited on the site. Events
	// are stamped in whole seconds by the fake's clock, the real one here.
	time.Sleep(1100 * time.Millisecond)
	e.srv.MoveOnSite(later, 10)
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	want[later] = store.FolderInvited
	check("after the site invited one")
}

// openCache opens e's profile cache for a look.
func openCache(t *testing.T, e *env) *store.Store {
	t.Helper()
	st, err := store.Open(filepath.Join(e.dir, "data", "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	return st
}
