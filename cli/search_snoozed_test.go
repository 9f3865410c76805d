package cli

import (
	"context"
	"slices"
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
