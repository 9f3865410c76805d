package session

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"hrdesk/apiclient"
	"hrdesk/internal/privatefile"
)

// requestLogs holds the --request-log file of each path the process logs
// to, open once: it used to be opened again for every API client and never
// closed, so a long-running `hrdesk serve` lost a file handle to every
// recruiter's session and every catalog fetch until it could open no more.
// The handle lives as long as the process (the log is a process's flag).
var requestLogs = struct {
	sync.Mutex
	byPath map[string]*requestLog
}{byPath: map[string]*requestLog{}}

// requestLog is one open request log. Its lock keeps the lines of clients
// logging at once whole: each is one write, made under it.
type requestLog struct {
	mu sync.Mutex
	f  *os.File
}

// openRequestLog appends one line per API call to the --request-log file,
// a private one (0600). A link, a pipe or a device there is refused at
// once (issue 26 §1): a link would add the log to another user's file, a
// pipe nobody reads would block the command for ever.
func openRequestLog(path string) (func(apiclient.RequestLog), error) {
	l, err := sharedRequestLog(path)
	if na := (*privatefile.NotAFileError)(nil); errors.As(err, &na) {
		return nil, fmt.Errorf("--request-log %w", err)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot open the request log: %w", err)
	}
	return l.write, nil
}

// sharedRequestLog is the process's open log at path, opened if it is not
// yet, or opened again if the file at path is no longer the one held (the
// log was rotated or removed): the new file takes the old one's place for
// every client, and the old handle is closed.
func sharedRequestLog(path string) (*requestLog, error) {
	key, err := filepath.Abs(path)
	if err != nil {
		key = path
	}
	requestLogs.Lock()
	defer requestLogs.Unlock()
	l := requestLogs.byPath[key]
	if l != nil && l.holds(path) {
		return l, nil
	}
	f, err := privatefile.Append(path)
	if err != nil {
		return nil, err
	}
	if l == nil {
		l = &requestLog{}
		requestLogs.byPath[key] = l
	}
	l.mu.Lock()
	old := l.f
	l.f = f
	l.mu.Unlock()
	if old != nil {
		old.Close()
	}
	return l, nil
}

// holds reports whether the file at path (not followed) is the one open.
func (l *requestLog) holds(path string) bool {
	at, err := os.Lstat(path)
	if err != nil {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	open, err := l.f.Stat()
	return err == nil && os.SameFile(at, open)
}

func (l *requestLog) write(r apiclient.RequestLog) {
	line := fmt.Sprintf("%s %s %s %d %s retries=%d", time.Now().UTC().Format(time.RFC3339), r.Method, r.Path, r.Status, r.Duration.Round(time.Millisecond), r.Retries)
	if r.Err != "" {
		line += " err=" + strings.ReplaceAll(r.Err, "\n", " ")
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.f.WriteString(line + "\n")
}
