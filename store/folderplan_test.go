package store

import (
	"context"
	"strings"
	"testing"
)

// The folders' UPDATE of a bulk (and of one resume) looks up each resume's
// pending move once: searched twice per row (a CASE's test, then its
// value), a bulk of 500 cost 1,000 index searches with a sort each (issue
// 28 §7).
func TestFolderUpdateSearchesThePendingMoveOnce(t *testing.T) {
	st, _ := openTest(t)
	for name, query := range map[string]string{"bulk": refreshFoldersSQL, "rollback": rollbackFoldersSQL,
		"one": refreshFolderSQL, "act on": actOnFolderSQL} {
		rows, err := st.w.QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+query, "[1,2]")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			plan = append(plan, detail)
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(strings.Join(plan, "\n"), "SEARCH o USING"); n != 1 {
			t.Errorf("%s: the pending move is searched %d times per row:\n%s", name, n, strings.Join(plan, "\n"))
		}
		// Read in id order from its own index (migration 19), not sorted
		// per row in a temporary B-tree.
		if joined := strings.Join(plan, "\n"); strings.Contains(joined, "TEMP B-TREE") ||
			!strings.Contains(joined, "outbox_active_move") {
			t.Errorf("%s: the pending move is not read from outbox_active_move:\n%s", name, joined)
		}
	}
}
