package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
)

// The counts read after an action (the folders', the stale ones, the
// outbox's, and the vacancies read with them) and the drafts run on a reader of their
// own, whose small cache is all a writer's commit makes it empty: with
// every pool reader busy (the list, the resume), they still answer at
// once (issue 28 §7).
func TestCountsHaveAReaderOfTheirOwn(t *testing.T) {
	st, err := OpenWith(filepath.Join(t.TempDir(), "cache.db"), Options{Readers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	// The pool's only reader, held by a read still open.
	busy, err := st.r.QueryContext(ctx, "SELECT 1 UNION ALL SELECT 2")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	if !busy.Next() {
		t.Fatal("the held read has no row")
	}
	ctx, cancel := context.WithTimeout(ctx, testwait.Patience)
	defer cancel()
	if _, err := st.FolderCounts(ctx, ScopeAll); err != nil {
		t.Fatalf("folder counts: %v", err)
	}
	if _, err := st.StaleCounts(ctx, ScopeAll, time.Unix(0, 0)); err != nil {
		t.Fatalf("stale counts: %v", err)
	}
	if _, err := st.OutboxCounts(ctx); err != nil {
		t.Fatalf("outbox counts: %v", err)
	}
	if _, err := st.Vacancies(ctx); err != nil {
		t.Fatalf("vacancies: %v", err)
	}
	if _, err := st.CompanyVacancies(ctx); err != nil {
		t.Fatalf("company vacancies: %v", err)
	}
	// Read at start beside the list's first screenful: on the pool they
	// opened a reader of their own, schema parse and all.
	if _, err := st.Drafts(ctx); err != nil {
		t.Fatalf("drafts: %v", err)
	}
}
