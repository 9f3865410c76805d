package panetest

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

type doneMsg struct{}

// A timer's command is told from a command that works, so Result waits
// for the second however slow the machine and not for the first.
func TestResultToldTimersFromWork(t *testing.T) {
	if !isTimer(tea.Tick(time.Hour, func(time.Time) tea.Msg { return doneMsg{} })) {
		t.Error("tea.Tick is not taken for a timer")
	}
	if !isTimer(tea.Every(time.Hour, func(time.Time) tea.Msg { return doneMsg{} })) {
		t.Error("tea.Every is not taken for a timer")
	}
	slow := func() tea.Msg { time.Sleep(Deadline + 500*time.Millisecond); return doneMsg{} }
	if isTimer(slow) {
		t.Fatal("a working command is taken for a timer")
	}
	if _, ok := Result(slow).(doneMsg); !ok {
		t.Error("a command slower than the timers' deadline was dropped")
	}
	start := time.Now()
	if msg := Result(tea.Tick(time.Hour, func(time.Time) tea.Msg { return doneMsg{} })); msg != nil {
		t.Errorf("an hour's timer brought %v", msg)
	}
	if time.Since(start) > time.Minute {
		t.Error("Result waited for an hour's timer")
	}
}
