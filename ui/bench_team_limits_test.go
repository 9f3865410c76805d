package ui

import (
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/internal/testkit/benchdata"
	"hrdesk/store"
)

// BenchmarkTeamKey: T alone on the overview over the 100k cache in the
// company's scope with issue 30's limits per stage (benchLimits), from
// the key to the view by recruiter drawn at 120×40: the overview summed per
// recruiter with near and past their stage's limit, the week against the
// one before (the frame of issue 30's ≤ 50 ms); T back to the vacancies
// (a read of their own) outside the timing.
func BenchmarkTeamKey(b *testing.B) {
	st := benchStore(b)
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return benchdata.Now }))
	m := New(store.Scoped(st, store.ScopeCompany), &fakeBackend{}, Options{Common: c, LastSync: benchdata.Now.Add(-time.Hour),
		Editor: hostexec.Host{}.Editor(), Limits: benchLimits})
	run(b, m, m.Init())
	send(b, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	press(b, m, "8")
	b.ReportAllocs()
	for b.Loop() {
		press(b, m, "T")
		if !strings.Contains(m.View().Content, "By recruiter") {
			b.Fatal("no view by recruiter")
		}
		b.StopTimer()
		press(b, m, "T")
		b.StartTimer()
	}
}
