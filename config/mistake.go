package config

import (
	"errors"
	"fmt"
	"strings"

	"hrdesk/i18n"
)

// Mistake is a setting that cannot work (issue 28 §6). Error says it in
// English, for logs and for callers that only print; In says it in a
// language, for the command line, which speaks the profile's. Its words
// are i18n's (ConfigText); a Mistake among its arguments is said in the
// same language.
type Mistake struct {
	say  func(i18n.ConfigText) string
	args []any
	// err is what lies underneath (the file system's error), for errors.Is.
	err error
}

// mistake is a Mistake said by say with args; an error among args is
// also what lies underneath (errors.Is finds ErrResponded in a saved
// view's mistake, fs.ErrPermission in a file that cannot be read).
func mistake(say func(i18n.ConfigText) string, args ...any) *Mistake {
	m := &Mistake{say: say, args: args}
	for _, a := range args {
		if err, ok := a.(error); ok && m.err == nil {
			m.err = err
		}
	}
	return m
}

// Error is the mistake in English.
func (m *Mistake) Error() string { return m.In(i18n.EN) }

// Unwrap is what lies underneath, if anything.
func (m *Mistake) Unwrap() error { return m.err }

// In is the mistake in lang.
func (m *Mistake) In(lang i18n.Lang) string {
	args := make([]any, len(m.args))
	for i, a := range m.args {
		if inner, ok := a.(*Mistake); ok {
			a = inner.In(lang)
		}
		args[i] = a
	}
	return fmt.Sprintf(m.say(i18n.For(lang).Config), args...)
}

// Words says err in lang when it is config's mistake, or mistakes joined
// (one a line); ok is false for any other error.
func Words(err error, lang i18n.Lang) (words string, ok bool) {
	if joined, is := err.(interface{ Unwrap() []error }); is {
		var lines []string
		for _, e := range joined.Unwrap() {
			w, ok := Words(e, lang)
			if !ok {
				return "", false
			}
			lines = append(lines, w)
		}
		return strings.Join(lines, "\n"), len(lines) > 0
	}
	var m *Mistake
	if errors.As(err, &m) && m.Error() == err.Error() {
		return m.In(lang), true
	}
	return "", false
}
