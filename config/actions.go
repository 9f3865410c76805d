package config

import (
	"errors"
	"fmt"
	"strings"
	"text/template"

	"hrdesk/i18n"
)

// Action is one of the recruiter's own actions (issue 31 §3): a program
// run on the highlighted resume or each marked one, from its key. Command
// is the program and its arguments, never a shell line: each element is a
// text/template over the resume's fields (ownactions.Fields), expanded on
// its own, so a value with a space or a ";" stays one argument.
type Action struct {
	Key     string   `toml:"key"`
	Name    string   `toml:"name"`
	Command []string `toml:"command"`
	// Confirm asks first, as the workstation's own actions that cannot be
	// taken back do.
	Confirm bool `toml:"confirm"`
}

// ParseCommand parses each element of a command as a template; the
// error names the element (from 1). The funcs are none: a template
// reads fields only.
func (a Action) ParseCommand() ([]*template.Template, error) {
	if len(a.Command) == 0 || strings.TrimSpace(a.Command[0]) == "" {
		return nil, mistake(func(t i18n.ConfigText) string { return t.ActionNoCommand })
	}
	out := make([]*template.Template, len(a.Command))
	for i, el := range a.Command {
		t, err := template.New(fmt.Sprint(i + 1)).Option("missingkey=error").Parse(el)
		if err != nil {
			return nil, mistake(func(t i18n.ConfigText) string { return t.ActionTemplate }, i+1, err)
		}
		out[i] = t
	}
	return out, nil
}

// ActionLabel names action i of [[actions]] in a mistake: by its name, or
// by its place when it has none.
func ActionLabel(i int, a Action) string {
	if strings.TrimSpace(a.Name) == "" {
		return fmt.Sprintf("[[actions]] #%d", i+1)
	}
	return fmt.Sprintf("[[actions]] %q", a.Name)
}

// validateActions reports every own action that cannot work, each naming
// the action. A key is checked against the saved views' and the other
// actions' here; against [keys] by the keymap, where the workstation binds
// it (ownactions.Bind).
func (c *Config) validateActions() error {
	var errs []error
	keys := keyClaims{}
	for _, v := range c.Views {
		keys[strings.TrimSpace(v.Key)] = fmt.Sprintf("[[views]] %q", v.Name)
	}
	for i, a := range c.Actions {
		name := ActionLabel(i, a)
		if strings.TrimSpace(a.Name) == "" {
			errs = append(errs, mistake(func(t i18n.ConfigText) string { return t.ActionNoName }, name))
		}
		bad := func(err error) {
			errs = append(errs, mistake(func(t i18n.ConfigText) string { return t.ViewSays }, name, err))
		}
		if err := keys.claim(a.Key, name); err != nil {
			bad(err)
		}
		if _, err := a.ParseCommand(); err != nil {
			bad(err)
		}
	}
	return errors.Join(errs...)
}
