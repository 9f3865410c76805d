package ui

import (
	"fmt"
	"strings"
	"testing"

	"hrdesk/store"
)

// Issue 10, defect 1: letters to more than one applicant ask first, naming
// the count, and No is the default.
func TestBulkLettersAskFirst(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _ := newModel(t, st, 140, 40)
	press(t, m, "space", "space", "space", "x", "j") // the rejection template
	send(t, m, ctrlS())
	if n := len(pendingActions(t, st)); n != 0 {
		t.Fatalf("%d letters left without asking", n)
	}
	if out := screen(m); m.dialog == nil || !strings.Contains(out, "3 applicants") {
		t.Fatalf("no question naming the count:\n%s", out)
	}
	press(t, m, "enter") // the default: No
	if n := len(pendingActions(t, st)); n != 0 || m.dialog != nil {
		t.Fatalf("enter on the default sent %d letters (dialog open: %v)", n, m.dialog != nil)
	}
	if m.triage.List().MarkedCount() != 3 {
		t.Errorf("No forgot the marks: %d marked", m.triage.List().MarkedCount())
	}
	press(t, m, "x", "j")
	send(t, m, ctrlS())
	press(t, m, "y")
	acts := pendingActions(t, st)
	if len(acts) != 3 || acts[0].Kind != store.ActionReject || acts[0].Payload.TemplateID != 11 {
		t.Fatalf("after yes: %+v", acts)
	}
}

// One applicant's letter goes at once: the dialog itself was the question.
func TestSingleLetterGoesAtOnce(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _ := newModel(t, st, 140, 40)
	press(t, m, "i")
	send(t, m, ctrlS())
	if n := len(pendingActions(t, st)); n != 1 || m.dialog != nil {
		t.Fatalf("%d queued, dialog open %v", n, m.dialog != nil)
	}
}

// Issue 10, defect 1: u undoes a bulk move as one unit (it took one press
// per resume).
func TestUndoTakesBackTheWholeBulk(t *testing.T) {
	st := fixture(t, 30)
	m, _ := newModel(t, st, 120, 30)
	press(t, m, "a") // every resume of the inbox page
	marked := m.triage.List().MarkedCount()
	if marked < 3 {
		t.Fatalf("only %d marked", marked)
	}
	press(t, m, "m", "2")
	if n := len(pendingActions(t, st)); n != marked {
		t.Fatalf("move queued %d of %d", n, marked)
	}
	press(t, m, "u")
	if n := len(pendingActions(t, st)); n != 0 {
		t.Fatalf("one u left %d of %d moves pending", n, marked)
	}
	// Said as it was queued, in words, not the outbox's kind ("30 × move").
	if want := fmt.Sprintf("undone: %d → Considered", marked); !strings.Contains(screen(m), want) {
		t.Errorf("the status line does not say %q:\n%s", want, screen(m))
	}
	if total, _ := m.triage.List().Total(); total != marked {
		t.Errorf("the inbox shows %d, want the %d back", total, marked)
	}
}
