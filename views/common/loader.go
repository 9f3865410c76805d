package common

import (
	"context"

	tea "charm.land/bubbletea/v2"
)

// Loader is a screen's reads of its source, numbered so that only the
// newest one's answer is shown: a read answering after a newer one was
// asked (a sync's cache change, then the screen shown again) would put
// back rows older than those on their way. The vacancies, selections,
// outbox and overview screens each hold one (gh-dash's BaseModel keeps
// the same serial of its section's fetches).
//
// The zero Loader is ready; a screen keeps it by value in its model,
// which lives behind a pointer, so the Loader's address is stable.
type Loader[T any] struct {
	serial int // the newest read asked for
}

// Loaded is one read's answer: its rows, or the error the source gave.
// A screen takes it in its Update and shows it only if its Loader says
// it is the newest (Newest).
type Loaded[T any] struct {
	from   *Loader[T]
	serial int
	Rows   T
	Err    error
}

// Load asks for a read: the command calls read and brings its answer
// back as a Loaded, numbered after every read asked before it.
func (l *Loader[T]) Load(read func(context.Context) (T, error)) tea.Cmd {
	l.serial++
	serial := l.serial
	return func() tea.Msg {
		rows, err := read(context.Background())
		return Loaded[T]{from: l, serial: serial, Rows: rows, Err: err}
	}
}

// Newest says msg answers the newest read this Loader asked for; a stale
// answer (a newer read is under way or in) or another Loader's is
// dropped by the screen.
func (l *Loader[T]) Newest(msg Loaded[T]) bool {
	if msg.from != l || l.serial > msg.serial {
		return false // another screen's, or a newer read was asked since
	}
	return true
}
