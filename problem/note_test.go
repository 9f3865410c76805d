package problem

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// What the outbox keeps of a failure reads back as the kind problem.Of
// gave it and the error as it was said; the service's own words, and a
// row kept before notes, read back as they are.
func TestANoteReadsBackAsItsKind(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code string
	}{
		{fmt.Errorf("push: %w", context.DeadlineExceeded), "timeout"},
		{errors.New("disk I/O error"), "local"},
	} {
		note := Note(tc.err)
		code, whole := ReadNote(note)
		if code != tc.code || whole != tc.err.Error() {
			t.Errorf("Note(%v) = %q reads back as %q, %q; want %q and the error", tc.err, note, code, whole, tc.code)
		}
	}
	for _, msg := range []string{"Резюме не найдено", "[в работе] папка закрыта", "[offline]", "", "[none"} {
		if code, whole := ReadNote(msg); code != "" || whole != msg {
			t.Errorf("ReadNote(%q) = %q, %q: not a note", msg, code, whole)
		}
	}
}

// Every kind has a code of its own: a face that words the codes words
// each kind once.
func TestEveryKindHasItsCode(t *testing.T) {
	seen := map[string]Kind{}
	for k := None; k <= Local; k++ {
		c := k.Code()
		if c == "" {
			t.Errorf("kind %d has no code", k)
		}
		if other, dup := seen[c]; dup {
			t.Errorf("kinds %d and %d share the code %q", other, k, c)
		}
		seen[c] = k
	}
	if Kind(-1).Code() != "" || (Local+1).Code() != "" {
		t.Error("a kind out of range has a code")
	}
}
