package ui

import (
	"hrdesk/internal/testkit/panetest"
	"image/color"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/internal/testkit/benchdata"
	"hrdesk/store"
)

// benchLimits are issue 30 §2's example limits.
var benchLimits = store.Limits{store.FolderInbox: 2 * 24 * time.Hour, store.FolderConsidered: 7 * 24 * time.Hour,
	store.FolderInvited: 5 * 24 * time.Hour}

// BenchmarkNeedsMe: ! on the workstation over the 100k cache, to the
// needs-me list drawn at 120×40: its first page and its count read from
// the cache (the count at once, not after CountDelay, and the oldest
// resume in the resume pane at once, not after DefaultDetailDelay: the
// whole cost, and no timer the test pump would wait out), delivered and
// rendered (issue 30: ≤ 30 ms); then ! back to the inbox,
// outside the timing. At benchdata's clock (its last week holds events)
// and a week later (every old resume past its limit).
func BenchmarkNeedsMe(b *testing.B) {
	st := benchStore(b)
	for _, bc := range []struct {
		name string
		now  time.Time
	}{{"data-now", benchdata.Now}, {"week-later", benchdata.Now.AddDate(0, 0, 7)}} {
		b.Run(bc.name, func(b *testing.B) {
			c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return bc.now }))
			m := New(benchView(st), &fakeBackend{}, Options{Common: c, LastSync: bc.now.Add(-time.Hour), DetailDelay: -1,
				Editor: hostexec.Host{}.Editor(), Limits: benchLimits})
			m.triage.List().SetCountDelay(-1)
			run(b, m, m.Init())
			send(b, m, tea.BackgroundColorMsg{Color: color.Black})
			send(b, m, tea.WindowSizeMsg{Width: 120, Height: 40})
			b.ReportAllocs()
			for b.Loop() {
				send(b, m, tea.KeyPressMsg{Code: '!', Text: "!"})
				if !strings.Contains(m.View().Content, "Needs me") {
					b.Fatal("no needs-me list")
				}
				b.StopTimer()
				send(b, m, tea.KeyPressMsg{Code: '!', Text: "!"})
				b.StartTimer()
			}
			send(b, m, tea.KeyPressMsg{Code: '!', Text: "!"})
			if n, ok := m.triage.List().Total(); !ok {
				b.Fatal("no count")
			} else {
				b.ReportMetric(float64(n), "due")
			}
		})
	}
}
