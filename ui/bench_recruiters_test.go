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

// BenchmarkOverviewByRecruiter: the overview's view by recruiter over the
// 100k cache in the company's scope (issue 30: the frame ≤ 50 ms), from
// the key to the drawn frame: the overview, T (the figures by recruiter
// and the week against the one before, read in the command the key sets
// off), the view, then back to the vacancies and out. The workstation is
// built as the program builds it for a profile of the company's scope.
func BenchmarkOverviewByRecruiter(b *testing.B) {
	st := benchStore(b)
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return benchdata.Now }))
	m := New(store.Scoped(st, store.ScopeCompany), &fakeBackend{}, Options{Common: c, LastSync: benchdata.Now.Add(-time.Hour),
		Editor: hostexec.Host{}.Editor()})
	run(b, m, m.Init())
	send(b, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	b.ReportAllocs()
	for b.Loop() {
		press(b, m, "8", "T")
		if !strings.Contains(m.View().Content, "By recruiter") {
			b.Fatal("no view by recruiter")
		}
		press(b, m, "esc", "esc")
	}
}
