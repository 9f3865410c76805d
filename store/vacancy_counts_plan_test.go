package store

import (
	"strings"
	"testing"
)

// The filter dialog's vacancy counts, over the 100k cache's statistics,
// never walk the scope's index and read each entry's row for its folder
// (370-580 ms for every folder, issue 28 §7): a folder's counts walk its
// covering index, every folder's the links.
func TestVacancyCountsKeepOffTheScopesIndex(t *testing.T) {
	s := twoEntriesWithRealStats(t)
	for _, scope := range []Scope{ScopeAll, ScopeMine, ScopeCompany} {
		for _, folder := range []string{"", FolderInbox} {
			q, args := vacancyCountsSQL(scope, folder)
			plan := explain(t, s, q, args)
			if strings.Contains(plan, "entries_reconcile") {
				t.Errorf("scope %q, folder %q: the scope's index:\n%s", scope, folder, plan)
			}
			if folder != "" && !strings.Contains(plan, "COVERING INDEX entries_folder_date") {
				t.Errorf("scope %q, folder %q: not the folder's covering index:\n%s", scope, folder, plan)
			}
		}
	}
}
