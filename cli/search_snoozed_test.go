package cli

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/store"
)

// cache opens the env's cache as its commands do; the caller closes it.
func (e *env) cache() *store.Store {
	e.t.Helper()
	a := &app{env: config.EnvFromList(e.vars)}
	if err := a.loadConfig(); err != nil {
		e.t.Fatal(err)
	}
	st, err := a.openStore()
	if err != nil {
		e.t.Fatal(err)
	}
	return st
}

// snooze puts ids aside in the env's cache for a day, as the workstation's
// z does.
func (e *env) snooze(ids ...int64) {
	e.t.Helper()
	st := e.cache()
	defer st.Close()
	now := time.Now()
	if err := st.Snooze(context.Background(), ids, now.Add(24*time.Hour), now); err != nil {
		e.t.Fatal(err)
	}
}

// hrdesk search snoozed lists the snoozed resumes, which every other
// search leaves out (issue 31 §4).
func TestSearchSnoozed(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	rows := e.exportedRows()
	inbox := idsWhere(rows, func(r exportedRow) bool { return r.Folder == "inbox" })
	if len(inbox) < 3 {
		t.Fatalf("the fake's inbox holds %d resumes, too few", len(inbox))
	}
	aside := inbox[:2]
	e.snooze(aside...)
	if got := e.searchIDs("snoozed"); !slices.Equal(got, aside) {
		t.Errorf("search snoozed: %v, want %v", got, aside)
	}
	if got := e.searchIDs("отложено"); !slices.Equal(got, aside) {
		t.Errorf("search отложено: %v, want %v", got, aside)
	}
	if got := e.searchIDs("folder:inbox"); !slices.Equal(got, inbox[2:]) {
		t.Errorf("search folder:inbox: %v, want the inbox without the snoozed %v", got, inbox[2:])
	}
}

// status counts a folder without its snoozed resumes, as the workstation's
// list and folders pane do, says how many are snoozed, and its JSON
// carries them apart (issue 31 §4).
func TestStatusLeavesTheSnoozedOut(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	inboxOf := func() folderJSON {
		_, js, errs := e.run("", "status", "--json")
		var s statusJSON
		if err := json.Unmarshal([]byte(js), &s); err != nil {
			t.Fatalf("status --json: %v %q %q", err, js, errs)
		}
		for _, f := range s.Folders {
			if f.Folder == store.FolderInbox {
				return f
			}
		}
		t.Fatalf("no inbox in %s", js)
		return folderJSON{}
	}
	before := inboxOf()
	rows := e.exportedRows()
	inbox := idsWhere(rows, func(r exportedRow) bool { return r.Folder == "inbox" })
	if len(inbox) < 3 || before.Snoozed != 0 {
		t.Fatalf("inbox %v, snoozed %d before any snooze", inbox, before.Snoozed)
	}
	e.snooze(inbox[:2]...)
	after := inboxOf()
	if after.Total != before.Total-2 || after.Snoozed != 2 {
		t.Errorf("inbox after two snoozed: total %d snoozed %d, want %d and 2", after.Total, after.Snoozed, before.Total-2)
	}
	if _, out, _ := e.run("", "status"); !strings.Contains(out, "snoozed: 2, not counted above") {
		t.Errorf("status does not say the snoozed:\n%s", out)
	}
}
