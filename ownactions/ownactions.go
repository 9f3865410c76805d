// Package ownactions runs the recruiter's own actions (issue 31 §3): a
// program from config.toml's [[actions]] on one resume, its arguments
// filled from the resume's fields, the resume as JSON on its stdin. It
// never goes through a shell, and it builds every program through
// hostexec.Host, so a session served over SSH never starts one.
package ownactions

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/template"
	"time"

	"charm.land/bubbles/v2/key"

	"hrdesk/config"
	"hrdesk/hostexec"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/textsafe"
)

// Fields are what a command's templates may name. Phone and Email are
// filled only when the resume's contacts are already opened or bought:
// an action never spends money.
type Fields struct {
	ResumeID int64
	Link     string
	Name     string
	Vacancy  string // the vacancy's title, or its id when the cache has no title
	Folder   string
	Phone    string
	Email    string
}

// Action is one own action, bound to its key.
type Action struct {
	Name    string
	Key     key.Binding
	Confirm bool
	argv    []*template.Template
}

// New reads one [[actions]] entry (config.Validate has said its
// mistakes; they are said again here naming the action, for a caller
// that did not validate). The key is bound by Bind.
func New(i int, c config.Action) (Action, error) {
	argv, err := c.ParseCommand()
	if err == nil {
		// A field that does not exist fails here, not at the first run.
		_, err = expand(argv, Fields{})
	}
	if err != nil {
		return Action{}, fmt.Errorf("%s: %w", config.ActionLabel(i, c), err)
	}
	return Action{Name: textsafe.Line(c.Name), Confirm: c.Confirm, argv: argv}, nil
}

// Bind reads every own action and binds each to its key, which must be
// free on the main screen of km (after [keys] and the saved views).
func Bind(km *keymap.KeyMap, cs []config.Action) ([]Action, error) {
	var out []Action
	for i, c := range cs {
		a, err := New(i, c)
		if err != nil {
			return nil, err
		}
		a.Key, err = km.Extra(strings.TrimSpace(c.Key), a.Name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", config.ActionLabel(i, c), err)
		}
		out = append(out, a)
	}
	return out, nil
}

// Args are the program and its arguments for f: each element expanded on
// its own, so nothing a field holds can add or split an argument.
func (a Action) Args(f Fields) ([]string, error) { return expand(a.argv, f) }

func expand(argv []*template.Template, f Fields) ([]string, error) {
	out := make([]string, len(argv))
	var b strings.Builder
	for i, t := range argv {
		b.Reset()
		if err := t.Execute(&b, f); err != nil {
			return nil, err
		}
		out[i] = b.String()
	}
	return out, nil
}

// FieldsOf are the fields of a cached resume; vacancy is its vacancy's
// title ("" when unknown: its id is used). Every value passes textsafe:
// what the service sent never reaches a program as a control sequence.
func FieldsOf(d store.EntryDetail, vacancy string) Fields {
	doc := d.Doc()
	f := Fields{ResumeID: d.ResumeID, Link: textsafe.Line(doc.Link.Str()), Name: textsafe.Line(name(d)),
		Vacancy: textsafe.Line(vacancy), Folder: textsafe.Line(d.Folder)}
	if f.Vacancy == "" && d.VacancyID != 0 {
		f.Vacancy = strconv.FormatInt(d.VacancyID, 10)
	}
	if d.ContactsBought {
		phone := doc.Phone.Str()
		if phone == "" {
			phone = doc.Phone1.Str()
		}
		f.Phone, f.Email = textsafe.Line(phone), textsafe.Line(doc.Email.Str())
	}
	return f
}

func name(d store.EntryDetail) string {
	if n := strings.Join(strings.Fields(d.LastName+" "+d.FirstName+" "+d.MiddleName), " "); n != "" {
		return n
	}
	return d.DisplayName
}

// Limits of a run.
const (
	// MaxOutput is how much of a program's output is kept: the last
	// 64 KiB, which hold the lines a failure is said with.
	MaxOutput = 64 << 10
	// DefaultTimeout is how long a program may run before it is killed.
	DefaultTimeout = 30 * time.Second
)

// Result is how one run went.
type Result struct {
	ResumeID int64
	// Output is the program's stdout and stderr as written (the last
	// MaxOutput bytes; Cut says more came), cleaned for the screen.
	Output string
	Cut    bool
	// Err is nil when the program exited 0; otherwise why not (its exit
	// status, the timeout, hostexec.ErrRemote, a template's mistake).
	Err error
}

// ErrTimeout is a program killed for running past the runner's timeout.
var ErrTimeout = errors.New("killed: ran too long")

// Runner starts own actions' programs for one session.
type Runner struct {
	Host    hostexec.Host
	Timeout time.Duration // 0: DefaultTimeout
}

// Run runs a for one resume, stdin being the resume's JSON.
func (r Runner) Run(ctx context.Context, a Action, f Fields, stdin []byte) Result {
	res := Result{ResumeID: f.ResumeID}
	args, err := a.Args(f)
	if err != nil {
		res.Err = err
		return res
	}
	cmd, err := r.Host.Command(args[0], args[1:]...)
	if err != nil {
		res.Err = err
		return res
	}
	out := &tail{max: MaxOutput}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(stdin), out, out
	// A child that keeps the output open after the program exits does not
	// hold the workstation.
	cmd.WaitDelay = time.Second
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := cmd.Start(); err != nil {
		res.Err = err
		return res
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		<-done
		err = ErrTimeout
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			err = ctx.Err()
		}
	}
	res.Output, res.Cut, res.Err = textsafe.Clean(string(out.bytes())), out.cut, err
	return res
}

// LastLines are the last n non-empty lines of out, for a failure's words.
func LastLines(out string, n int) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if l = strings.TrimRight(l, " \r\t"); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return lines
}

// tail keeps the last max bytes written to it.
type tail struct {
	buf []byte
	max int
	cut bool
}

var _ io.Writer = (*tail)(nil)

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.cut = true
	}
	// Trimmed once it holds twice the bound, not at each write.
	if len(t.buf) >= 2*t.max {
		t.buf = append(t.buf[:0:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) bytes() []byte {
	if len(t.buf) > t.max {
		return t.buf[len(t.buf)-t.max:]
	}
	return t.buf
}
