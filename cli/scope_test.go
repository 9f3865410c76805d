package cli

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/store"
)

// statusTotal adds up the TOTAL column of `hrdesk status`.
func (e *env) statusTotal(flags ...string) int {
	e.t.Helper()
	code, out, errs := e.run("", append(flags, "status")...)
	if code != 0 {
		e.t.Fatalf("status: %s", errs)
	}
	sum := 0
	row := regexp.MustCompile(`^(\S+)\s+(\d+)\s+(\d+)(\s+\d+)?$`) // FOLDER TOTAL NEW [STALE]
	for _, line := range strings.Split(out, "\n") {
		if m := row.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			n, _ := strconv.Atoi(m[2])
			sum += n
		}
	}
	return sum
}

// Issue 12 §5: after one `--scope company` sync, the colleagues' entries
// stay in the cache but a profile in its own scope neither shows nor
// counts them.
func TestScopeSwitchShowsOnlyTheScopesEntries(t *testing.T) {
	t.Parallel()
	e := envBehind(t, fakeapi.Options{Seed: 2, RequestsPerMinute: -1}, nil)
	e.login()
	own, all := len(e.srv.OwnResumeIDs(-2)), len(e.srv.ResumeIDs(-2))
	if all <= own {
		t.Fatalf("the fake has no colleague entries: %d own of %d", own, all)
	}
	if code, out, errs := e.run("", "--scope", "company", "sync"); code != 0 {
		t.Fatalf("company sync: %q %q", out, errs)
	}
	if n := e.statusTotal("--scope", "company"); n != all {
		t.Errorf("company scope: status counts %d, the company list has %d", n, all)
	}
	if code, out, errs := e.run("", "sync"); code != 0 {
		t.Fatalf("own sync: %q %q", out, errs)
	}
	if n := e.statusTotal(); n != own {
		t.Errorf("own scope: status counts %d, want the %d own entries", n, own)
	}
	if n := e.exported(); n != own {
		t.Errorf("own scope: export writes %d, want the %d own entries", n, own)
	}
	// The workstation reads the cache through the same view.
	a := &app{env: e.envFunc()}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	view := a.profile().Scoped(st)
	ctx := context.Background()
	counts, err := view.FolderCounts(ctx, store.ScopeAll)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, c := range counts {
		sum += c.Total
	}
	listed, err := view.CountEntries(ctx, store.ListQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if sum != own || listed != own {
		t.Errorf("workstation: folders count %d, list counts %d, want %d", sum, listed, own)
	}
}

func (e *env) envFunc() config.Env { return config.EnvFromList(e.vars) }
