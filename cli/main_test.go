package cli

import (
	"os"
	"sync"
	"testing"

	"hrdesk/internal/testkit/pgtest"
)

// One throwaway PostgreSQL for the test binary, started by the first test
// that asks (each gets a database of its own): a cluster per test cost an
// initdb and a start each, tens of seconds under -race on a loaded
// machine. Lazily, not in TestMain, so a run of other tests (-run, a
// mutant's run) and the child processes that re-execute this binary
// start none.
var sharedPG struct {
	once sync.Once
	srv  *pgtest.Server
	err  error
}

// sharedPostgres is that server; t skips without PostgreSQL on the
// machine and fails when it did not start.
func sharedPostgres(t *testing.T) *pgtest.Server {
	t.Helper()
	if pgtest.Bin() == "" {
		t.Skip(pgtest.SkipMessage)
	}
	sharedPG.once.Do(func() { sharedPG.srv, sharedPG.err = pgtest.Start() })
	if sharedPG.err != nil {
		t.Fatalf("starting PostgreSQL: %v", sharedPG.err)
	}
	return sharedPG.srv
}

// TestMain stops the shared server, when a test started it, after the
// tests; a binary that dies leaves it to pgtest.StopOrphans.
func TestMain(m *testing.M) {
	code := m.Run()
	if sharedPG.srv != nil {
		_ = sharedPG.srv.Stop()
	}
	os.Exit(code)
}
