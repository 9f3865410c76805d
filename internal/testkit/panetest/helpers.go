package panetest

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/keymap"
	"hrdesk/theme"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// The helpers every pane package's tests wrote for themselves: one clock,
// one session context, one key builder, one settle loop.

// Now is the clock of every pane test and golden file.
func Now() time.Time { return time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC) }

// Noon is the kit's second fixed moment, two hours after Now: the clock
// of the tests whose goldens and asserted times were written at 12:00
// (the overview's, the status bar's).
func Noon() time.Time { return time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC) }

// Common is a session context in lang at Now, with ASCII styles, whose
// glamour style ("ascii") and plain borders keep golden files free of
// colour. opts change the clock, the keymap or the styles (At, Clock,
// Keymap, ASCII, Theme).
func Common(lang i18n.Lang, opts ...Option) *common.Common {
	return build(lang, []theme.Option{theme.WithASCII(true)}, opts)
}

// Plain is Common with box characters and no colour: for goldens that
// pin the frame as a terminal without colours draws it.
func Plain(lang i18n.Lang, opts ...Option) *common.Common {
	return build(lang, []theme.Option{theme.WithNoColor(true)}, opts)
}

// Colour is Common as the workstation starts on a dark terminal, colours
// and box characters: for checks of what styles and escapes do.
func Colour(lang i18n.Lang, opts ...Option) *common.Common {
	return build(lang, nil, opts)
}

// Key is the key press whose msg.String() is k, in the keymap's form
// ("j", "о", "enter", "shift+tab", "ctrl+s", "f7").
func Key(t testing.TB, k string) tea.KeyPressMsg {
	t.Helper()
	msg, ok := keymap.Press(k)
	if !ok {
		t.Fatalf("Key(%q) reads as %q", k, msg.String())
	}
	return msg
}

// Press is Key for helpers without a testing.TB: a key the keymap's form
// cannot build panics, which fails the test as well.
func Press(k string) tea.KeyPressMsg {
	msg, ok := keymap.Press(k)
	if !ok {
		panic(fmt.Sprintf("panetest.Press(%q) reads as %q", k, msg.String()))
	}
	return msg
}

// Keys presses keys on p one after the other, as the root gives a pane
// its keys: each key's commands are settled (Drive) before the next. It
// returns every action p asked of the root on the way.
func Keys(t testing.TB, p Pane, keys ...string) []action.Action {
	t.Helper()
	var asked []action.Action
	for _, k := range keys {
		asked = append(asked, Drive(t, p, Key(t, k))...)
	}
	return asked
}

// Pane is what Settle drives: any pane or dialog.
type Pane interface {
	Update(msg tea.Msg) (action.Action, tea.Cmd)
}

// Settle runs cmd and gives each result back to p, as the root does,
// until p asks for nothing more. A batch's commands run one after the
// other; a command that does not answer within Deadline (a timer nobody
// waits for) is dropped.
func Settle(t testing.TB, p Pane, cmd tea.Cmd) {
	t.Helper()
	settle(t, p, cmd)
}

// settle is Settle, returning the actions p asked on the way.
func settle(t testing.TB, p Pane, cmd tea.Cmd) []action.Action {
	t.Helper()
	var asked []action.Action
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			t.Fatal("commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		switch msg := Result(c).(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			a, next := p.Update(msg)
			if a != nil {
				asked = append(asked, a)
			}
			queue = append(queue, next)
		}
	}
	return asked
}

// Deadline is how long Result waits for a timer's command (tea.Tick,
// tea.Every) before taking it for a timer nobody waits for: the
// workstation's own short timers fire within it, its long ones (the
// meter's, a probe's) are dropped.
const Deadline = 2 * time.Second

// Result runs a command and returns its message, nil for a nil command,
// a cursor's blink or a timer that does not fire within Deadline: a test
// needs only what the program settles on. Any other command (a cache
// query, a backend call) is waited for, however loaded the machine, up to
// testwait.Patience: dropping a slow query's result because a guess at
// the machine's speed ran out made tests flaky (issue 27).
func Result(c tea.Cmd) tea.Msg {
	if c == nil {
		return nil
	}
	wait := testwait.Patience
	if isTimer(c) {
		wait = Deadline
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- c() }()
	select {
	case msg := <-done:
		// %#v names the types inside an addressed result too.
		if msg != nil && strings.Contains(strings.ToLower(fmt.Sprintf("%#v", msg)), "blink") {
			return nil
		}
		return msg
	case <-time.After(wait):
		return nil
	}
}

// isTimer says c is made by tea.Tick or tea.Every: a command that only
// waits for the clock.
func isTimer(c tea.Cmd) bool {
	fn := runtime.FuncForPC(reflect.ValueOf(c).Pointer())
	if fn == nil {
		return false
	}
	name := fn.Name()
	return strings.HasPrefix(name, "charm.land/bubbletea/v2.Tick.") || strings.HasPrefix(name, "charm.land/bubbletea/v2.Every.")
}

// Drive gives msg to p and settles what follows as Settle does; it
// returns every action p asked of the root on the way.
func Drive(t testing.TB, p Pane, msg tea.Msg) []action.Action {
	t.Helper()
	a, cmd := p.Update(msg)
	asked := settle(t, p, cmd)
	if a != nil {
		asked = append([]action.Action{a}, asked...)
	}
	return asked
}
