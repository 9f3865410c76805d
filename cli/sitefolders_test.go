package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/store"
)

// appendConfig adds text to e's config.toml.
func appendConfig(t *testing.T, e *env, text string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(e.dir, "cfg", "hrdesk", "config.toml"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// folderIn is where the cache shows resume id.
func folderIn(t *testing.T, e *env, id int64) string {
	t.Helper()
	st := openCache(t, e)
	defer st.Close()
	d, err := st.Entry(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return d.Folder
}

// Issue 28 §1: three resumes of folder 1002 sat in Considered, each with an
// event after the move that moves nothing (sent to e-mail, a letter, added
// to a user): the folder showed 40 of 43.
func TestAResumeStaysInItsUserFolderAfterEventsThatMoveNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	appendConfig(t, e, "\n[[folders]]\nid = 1002\nname = \"Кадровый резерв\"\n")
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	inbox := e.srv.OwnResumeIDs(0)
	if len(inbox) < 4 {
		t.Fatalf("the fake's own inbox has %d resumes", len(inbox))
	}
	kept := inbox[:4]
	// Moved a minute ago: the events after it are newer by the clock.
	moved := time.Now().Add(-time.Minute).Truncate(time.Second)
	for _, id := range kept {
		if !e.srv.MoveToUserFolderOnSiteAt(id, 1002, "Кадровый резерв", moved) {
			t.Fatalf("the fake has no resume %d", id)
		}
	}
	e.srv.AddEventOnSite(kept[0], 100, "Отправлено на boss@example.com")
	e.srv.AddEventOnSite(kept[1], 90, "Отправлено письмо: Приглашение")
	e.srv.AddEventOnSite(kept[2], 120, "Добавлено пользователю")
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	for _, id := range kept {
		if got := folderIn(t, e, id); got != "1002" {
			t.Errorf("resume %d (events %v) shows in %q, want 1002", id, e.srv.EventTypes(id), got)
		}
	}
	_, out, _ := e.run("", "status")
	if !regexp.MustCompile(`(?m)^Кадровый резерв +4 `).MatchString(out) {
		t.Errorf("status does not count the four:\n%s", out)
	}
}

// Issue 28 §1: [[folders]] configured after the first sync showed 0 until
// `sync --full`, though the cache held the events that place the resumes;
// a folder the history names that no entry matches stayed invisible.
func TestFoldersConfiguredAfterTheSyncShowTheirResumesWithNoRequest(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	inbox := e.srv.OwnResumeIDs(0)
	if len(inbox) < 3 {
		t.Fatalf("the fake's own inbox has %d resumes", len(inbox))
	}
	short, reserve := inbox[:2], inbox[2]
	for _, id := range short {
		e.srv.MoveToUserFolderOnSite(id, 1001, "Shortlist")
	}
	e.srv.MoveToUserFolderOnSite(reserve, 1002, "Кадровый резерв")
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	appendConfig(t, e, "\n[[folders]]\nid = 1001\nname = \"Shortlist\"\n")
	e.srv.ResetRequests()
	_, out, _ := e.run("", "status")
	if !regexp.MustCompile(`(?m)^Shortlist +2 `).MatchString(out) {
		t.Errorf("status does not count the folder configured after the sync:\n%s", out)
	}
	// The site's folder no entry names: listed with its count, and the
	// resume sits under its name, not in Inbox.
	if !regexp.MustCompile(`(?m)^folders on the site that config.toml does not name.*\n  Кадровый резерв  1$`).MatchString(out) {
		t.Errorf("status does not list the site's folder:\n%s", out)
	}
	for id, want := range map[int64]string{short[0]: "1001", short[1]: "1001", reserve: store.SiteFolder("Кадровый резерв")} {
		if got := folderIn(t, e, id); got != want {
			t.Errorf("resume %d shows in %q, want %q", id, got, want)
		}
	}
	_, js, _ := e.run("", "status", "--json")
	var s statusJSON
	if err := json.Unmarshal([]byte(js), &s); err != nil {
		t.Fatalf("status --json: %v\n%s", err, js)
	}
	if len(s.SiteFolders) != 1 || s.SiteFolders[0].Name != "Кадровый резерв" || s.SiteFolders[0].Total != 1 {
		t.Errorf("status --json's site folders: %+v", s.SiteFolders)
	}
	for _, f := range s.Folders {
		if f.Folder == "1001" && f.Total != 2 {
			t.Errorf("status --json: Shortlist holds %d, want 2", f.Total)
		}
		if _, site := store.SiteFolderName(f.Folder); site {
			t.Errorf("status --json lists the site's folder among the configured: %+v", f)
		}
	}
	if n := e.srv.Requests(); len(n) != 0 {
		t.Errorf("placing the cached resumes asked the service: %v", n)
	}

	// The workstation lists the site's folder under its name.
	var errs strings.Builder
	a := &app{Streams: Streams{Out: &strings.Builder{}, Err: &errs}, env: config.EnvFromList(e.vars)}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	built, err := a.workstationOptions(t, st)
	if err != nil {
		t.Fatal(err)
	}
	c := built.Common
	if errs.Len() > 0 {
		t.Errorf("opening the cache said: %s", errs.String())
	}
	if got := c.FolderName(store.SiteFolder("Кадровый резерв")); got != "Кадровый резерв" {
		t.Errorf("the workstation names the site's folder %q", got)
	}
	if len(c.UserFolders) != 2 || c.UserFolders[0].ID != "1001" {
		t.Errorf("the workstation's user folders: %+v", c.UserFolders)
	}
}
