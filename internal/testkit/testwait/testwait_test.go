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

func TestUntilReturnsOnceTheStateIsThere(t *testing.T) {
	ft := &fakeT{TB: t}
	n := 0
	untilWithin(ft, time.Minute, "the third look", func() string {
		if n++; n < 3 {
			return "not yet"
		}
		return ""
	})
	if ft.failed != "" || n != 3 {
		t.Errorf("failed %q after %d looks, want a pass on the third", ft.failed, n)
	}
}

func TestUntilFailsAStateThatNeverComes(t *testing.T) {
	ft := &fakeT{TB: t}
	untilWithin(ft, 50*time.Millisecond, "a state that never comes", func() string { return "the screen" })
	if ft.failed == "" {
		t.Error("a state that never came passed")
	}
}
