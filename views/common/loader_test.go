package common

import (
	"context"
	"errors"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// answer runs a Loader's command and returns what it brought.
func answer(t *testing.T, cmd tea.Cmd) Loaded[[]int] {
	t.Helper()
	raw := cmd()
	msg, ok := raw.(Loaded[[]int])
	if !ok {
		t.Fatalf("a load brought %T, want a Loaded[[]int]", raw)
	}
	return msg
}

func reads(rows []int, err error) func(context.Context) ([]int, error) {
	return func(context.Context) ([]int, error) { return rows, err }
}

// TestOnlyTheNewestReadIsShown: of two reads under way, the newer one's
// answer is shown whichever comes first, the older one's is dropped
// whether it comes before or after the newer's.
func TestOnlyTheNewestReadIsShown(t *testing.T) {
	for _, olderLast := range []bool{true, false} {
		var l Loader[[]int]
		older := l.Load(reads([]int{1}, nil))
		newer := l.Load(reads([]int{1, 2}, nil))
		o, n := answer(t, older), answer(t, newer)
		if olderLast {
			if !l.Newest(n) {
				t.Fatalf("the newest read's answer %v is dropped", n.Rows)
			}
			if l.Newest(o) {
				t.Fatalf("an older read answering last is shown: %v", o.Rows)
			}
		} else {
			if l.Newest(o) {
				t.Fatalf("an older read answering first is shown: %v", o.Rows)
			}
			if !l.Newest(n) {
				t.Fatalf("the newest read's answer %v is dropped", n.Rows)
			}
		}
		if len(n.Rows) != 2 || n.Err != nil {
			t.Fatalf("the newest read brought %v, %v; want its rows [1 2]", n.Rows, n.Err)
		}
	}
}

// TestAReadAskedLaterMakesAnAnswerStale: an answer that was the newest
// stops being so once another read is asked, before that one answers.
func TestAReadAskedLaterMakesAnAnswerStale(t *testing.T) {
	var l Loader[[]int]
	first := answer(t, l.Load(reads([]int{1}, nil)))
	if !l.Newest(first) {
		t.Fatal("the only read's answer is dropped")
	}
	l.Load(reads(nil, nil)) // asked, not answered yet
	if l.Newest(first) {
		t.Fatal("an answer is shown after a newer read was asked")
	}
}

// TestAnswersStayWithTheirLoader: two screens' loaders number their reads
// alike; one's answer is never taken for the other's.
func TestAnswersStayWithTheirLoader(t *testing.T) {
	var a, b Loader[[]int]
	fromA := answer(t, a.Load(reads([]int{1}, nil)))
	b.Load(reads(nil, nil))
	if b.Newest(fromA) {
		t.Fatal("one loader's answer is taken by another with the same serial")
	}
	if !a.Newest(fromA) {
		t.Fatal("a loader drops its own newest answer")
	}
}

// TestAFailedReadBringsItsError: the source's error comes back with the
// answer, for the screen to say or ignore.
func TestAFailedReadBringsItsError(t *testing.T) {
	var l Loader[[]int]
	bad := errors.New("disk I/O error")
	got := answer(t, l.Load(reads(nil, bad)))
	if !errors.Is(got.Err, bad) || !l.Newest(got) {
		t.Fatalf("a failed read brought %v (newest: %v), want %v", got.Err, l.Newest(got), bad)
	}
}
