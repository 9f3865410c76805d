package ui

import (
	"context"
	"testing"
	"time"

	"hrdesk/keymap"
	"hrdesk/store"
)

// The workstation's overview counts near and past the limits per stage
// the profile's config sets ([sla], Options.Limits: issue 30 §2): each
// vacancy's are the cache's own count at the clock.
func TestOverviewCountsTheConfiguredLimits(t *testing.T) {
	st := overviewFixture(t)
	limits := store.Limits{store.FolderInbox: 48 * time.Hour, store.FolderConsidered: 7 * 24 * time.Hour, store.FolderInvited: 5 * 24 * time.Hour}
	m, _ := newModelWith(t, st, keymap.Default(), 140, 40, func(o *Options) { o.Limits = limits })
	press(t, m, "8")
	want, err := st.LimitCounts(context.Background(), store.ScopeMine, limits, testNow, store.LimitsByVacancy)
	if err != nil {
		t.Fatal(err)
	}
	shown, marked := 0, 0
	for _, f := range m.overviewPane().Figures().Vacancies {
		if w := want[f.VacancyID]; f.NearLimit != w.Near || f.PastLimit != w.Past {
			t.Errorf("vacancy %d: near %d past %d, the cache's %+v", f.VacancyID, f.NearLimit, f.PastLimit, w)
		}
		shown++
		marked += f.NearLimit + f.PastLimit
	}
	if shown == 0 || marked == 0 {
		t.Fatalf("%d vacancies, %d near or past their limit: the test compares nothing\n%s", shown, marked, screen(m))
	}
}
