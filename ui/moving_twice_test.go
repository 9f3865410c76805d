package ui

import (
	"context"
	"strings"
	"testing"
)

// Two laters whose writes are both under way, then u: the newest, whose
// counts went back at once, is the one taken back once written, and the
// first stays. The first write's end must not forget that the second is
// still being written, nor that u came meanwhile.
func TestUndoDuringTwoWritesTakesTheNewestBack(t *testing.T) {
	st := fixture(t, 30)
	m, slow, _ := slowModel(t, st)
	in, co := inboxAndConsidered(t, m)
	_, first := m.Update(keyPress(t, "l"))  // the three marked
	_, second := m.Update(keyPress(t, "l")) // the one highlighted
	if gotIn, gotCo := inboxAndConsidered(t, m); slow.writes != 0 || gotIn != in-4 || gotCo != co+4 {
		t.Fatalf("two laters at once: inbox %d considered %d, want %d and %d", gotIn, gotCo, in-4, co+4)
	}
	_, undo := m.Update(keyPress(t, "u"))
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in-3 || gotCo != co+3 {
		t.Fatalf("u at once: inbox %d considered %d, want the first's %d and %d", gotIn, gotCo, in-3, co+3)
	}
	run(t, m, undo)
	run(t, m, first)
	run(t, m, second)
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in-3 || gotCo != co+3 {
		t.Errorf("both written, the newest undone: inbox %d considered %d, want %d and %d", gotIn, gotCo, in-3, co+3)
	}
	if n, _ := st.OutboxCounts(context.Background()); slow.writes != 2 || n.Pending != 3 {
		t.Errorf("%d writes, %d actions pending: want the first's 3 kept", slow.writes, n.Pending)
	}
	if line := statusLine(m); !strings.Contains(line, "undone: 1 → Considered") {
		t.Errorf("the status line: %q", line)
	}
}
