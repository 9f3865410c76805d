package testwait

import (
	"testing"
	"time"
)

// fakeT records a failure instead of ending the test that checks it.
type fakeT struct {
	testing.TB
	failed string
}

func (f *fakeT) Helper() {}
func (f *fakeT) Fatalf(format string, args ...any) {
	f.failed = format
}

func TestWithinReturnsWhenTheWaitEnds(t *testing.T) {
	ft := &fakeT{TB: t}
	Within(ft, time.Second, "a quick wait", func() {})
	if ft.failed != "" {
		t.Error("a wait that ended failed the test")
	}
}

func TestWithinFailsAWaitThatHangs(t *testing.T) {
	ft := &fakeT{TB: t}
	hang := make(chan struct{})
	defer close(hang)
	start := time.Now()
	Within(ft, 50*time.Millisecond, "a hanging wait", func() { <-hang })
	if ft.failed == "" {
		t.Error("a wait that never ended passed")
	}
	if waited := time.Since(start); waited > 5*time.Second {
		t.Errorf("failed after %v, want about 50ms", waited)
	}
}
