package session

import (
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"

	"hrdesk/config"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/store"
)

// One session per profile however many terminals hold it; the last
// release closes it, and a profile taken again right then waits for that
// close, so its cache is never open twice.
func TestPoolSharesAndClosesOnce(t *testing.T) {
	root := t.TempDir()
	var opened atomic.Int32
	pool := NewPool(func(name string) (*Session, error) {
		if name == "bad" {
			return nil, errors.New("no such profile")
		}
		opened.Add(1)
		cfg := config.Defaults(config.EnvFromList(nil))
		cfg.DataDir = filepath.Join(root, name)
		st, err := store.Open(filepath.Join(root, name+".db"))
		if err != nil {
			return nil, err
		}
		return Open(Profile{Config: cfg}, st, Options{}), nil
	})
	a1, err := pool.Acquire("alice")
	if err != nil {
		t.Fatal(err)
	}
	a2, _ := pool.Acquire("alice")
	if a1 != a2 || opened.Load() != 1 {
		t.Fatalf("two terminals of alice got %p and %p (%d opened)", a1, a2, opened.Load())
	}
	if _, err := pool.Acquire("bad"); err == nil {
		t.Error("a profile that cannot open was acquired")
	}
	pool.Release("alice")
	if _, err := a1.Store().Entry(t.Context(), 1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("alice's cache while a terminal still holds it: %v", err)
	}
	pool.Release("alice")
	if _, err := a1.Backend(nil).Push(t.Context()); !errors.Is(err, ErrClosing) {
		t.Errorf("alice's session after the last release: %v", err)
	}
	again, err := pool.Acquire("alice")
	if err != nil || again == a1 || opened.Load() != 2 {
		t.Fatalf("alice back: %v, same session %v, %d opened", err, again == a1, opened.Load())
	}
	testwait.Within(t, testwait.Patience, "CloseAll", pool.CloseAll)
	pool.Release("alice") // after CloseAll: nothing held, nothing happens
}
