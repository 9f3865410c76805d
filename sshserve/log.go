package sshserve

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// connLog writes one line per connection event: who, from where, when and
// for how long. It never sees a secret: keys appear as fingerprints.
type connLog struct {
	mu  sync.Mutex
	w   io.Writer
	now func() time.Time
}

func (l *connLog) printf(format string, args ...any) {
	line := l.now().UTC().Format(time.RFC3339) + " " + fmt.Sprintf(format, args...) + "\n"
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = io.WriteString(l.w, line)
}

func (l *connLog) warn(msg string) { l.printf("warning %s", msg) }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
