package ui

import (
	"fmt"
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/session/feed"
	"hrdesk/theme"
)

// meterModel is a workstation whose backend reads meter r.
func meterModel(t *testing.T, lang i18n.Lang, w, h int, r Meter) (*Model, *fakeBackend) {
	t.Helper()
	st := fixture(t, 30)
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(lang, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	b := &fakeBackend{meter: r}
	m := New(st, b, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow.Add(-time.Hour), DetailDelay: -1,
		Editor: hostexec.Host{}.Editor()})
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return m, b
}

// Issue 11 §7 at both sizes in both languages: 12 requests left of 120
// and a login that ends in 5 h 12 min with nothing to renew it.
func TestGoldenMeter(t *testing.T) {
	low := Meter{Left: 12, Limit: 120, LoginEnds: testNow.Add(5*time.Hour + 12*time.Minute)}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, sz := range [][2]int{{80, 24}, {140, 40}} {
			t.Run(fmt.Sprintf("low_%v_%dx%d", lang, sz[0], sz[1]), func(t *testing.T) {
				m, _ := meterModel(t, lang, sz[0], sz[1], low)
				golden.RequireEqual(t, []byte(screen(m)))
			})
		}
	}
}

// The meter is read when the screen opens, after a server call and on
// its tick; a budget that refilled and a renewed login leave the line.
func TestMeterFollowsTheBackend(t *testing.T) {
	m, b := meterModel(t, i18n.EN, 140, 40, Meter{Left: 3, Limit: 120, LoginEnds: testNow.Add(time.Hour), Renews: true})
	if out := screen(m); !strings.Contains(out, "3 requests left") || !strings.Contains(out, "login renews in 1h 0m") {
		t.Fatalf("after Init:\n%s", out)
	}
	b.meter = Meter{Left: 1, Limit: 120, LoginEnds: testNow.Add(time.Hour), Renews: true}
	send(t, m, syncDoneMsg{})
	if out := screen(m); !strings.Contains(out, "1 request left") {
		t.Fatalf("after a sync:\n%s", out)
	}
	b.meter = Meter{Left: 120, Limit: 120, LoginEnds: testNow.Add(7 * 24 * time.Hour), Renews: true}
	_, cmd := m.Update(meterDueMsg{})
	if cmd == nil {
		t.Fatal("the tick reads nothing")
	}
	run(t, m, cmd)
	if out := screen(m); strings.Contains(out, "left") || strings.Contains(out, "login") {
		t.Errorf("a full budget and a renewed login stay on the line:\n%s", out)
	}
}

// The poller's cadence comes with the meter (issue 21 §2): stretched, the
// line says how often and why; back at poll_interval, nothing.
func TestMeterSaysPollsAreStretched(t *testing.T) {
	stretched := feed.Cadence{Every: 3 * time.Minute, Configured: time.Minute, Sharing: 40}
	m, b := meterModel(t, i18n.EN, 200, 40, Meter{Left: 100, Limit: 120, Polls: stretched})
	want := "new responses checked every 3 min: 40 recruiters share the service's limit"
	if out := screen(m); !strings.Contains(out, want) {
		t.Fatalf("after Init:\n%s", out)
	}
	b.meter = Meter{Left: 100, Limit: 120, Polls: feed.Cadence{Every: time.Minute, Configured: time.Minute, Sharing: 12}}
	run(t, m, m.readMeter())
	if out := screen(m); strings.Contains(out, "new responses") {
		t.Errorf("polls at poll_interval are on the line:\n%s", out)
	}
}

// The tick plans the next one at DefaultMeterEvery unless told otherwise,
// and none when told never.
func TestMeterTicks(t *testing.T) {
	m, _ := meterModel(t, i18n.EN, 80, 24, Meter{})
	if m.meterLater() != nil {
		t.Error("MeterEvery -1 ticks")
	}
	m.opts.MeterEvery = 20 * time.Millisecond
	cmd := m.meterLater()
	if cmd == nil {
		t.Fatal("no tick")
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case msg := <-done:
		if _, ok := msg.(meterDueMsg); !ok {
			t.Errorf("the tick brought %T", msg)
		}
	case <-time.After(testwait.Patience):
		t.Fatal("the tick never came")
	}
}
