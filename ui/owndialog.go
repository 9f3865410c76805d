package ui

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/ownactions"
	"hrdesk/views/action"
	"hrdesk/views/common"
	"hrdesk/views/dialogs"
)

// ownDialog asks before an own action when it says confirm (the same
// question box as the workstation's own questions), then shows it
// running and what each run wrote: a failure with its last lines.
type ownDialog struct {
	c      *common.Common
	act    ownactions.Action
	names  []string // the resumes', in the order run
	ask    *dialogs.ConfirmDialog
	run    func(context.Context) []ownactions.Result
	cancel context.CancelFunc
	done   bool
	res    []ownactions.Result
	w, h   int
}

// ownDoneMsg is the runs' results, addressed to the box that started them.
type ownDoneMsg struct{ results []ownactions.Result }

// ownYes is what the question answers on yes (a Notice nobody shows: the
// box itself starts the runs).
var ownYes = action.Notice{Text: "own action"}

func newOwnDialog(c *common.Common, a ownactions.Action, names []string, run func(context.Context) []ownactions.Result) *ownDialog {
	d := &ownDialog{c: c, act: a, names: names, run: run}
	if a.Confirm {
		t := c.Text.Own()
		d.ask = dialogs.NewConfirmDialog(c, action.Confirm{Title: a.Name,
			Question: fmt.Sprintf(t.Ask, a.Name, len(names)), Yes: t.Run, Then: ownYes})
	}
	return d
}

// start runs the action in a command.
func (d *ownDialog) start() tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	d.cancel = cancel
	return func() tea.Msg { return ownDoneMsg{results: d.run(ctx)} }
}

func (d *ownDialog) SetSize(w, h int) {
	d.w, d.h = w, h
	if d.ask != nil {
		d.ask.SetSize(w, h)
	}
}

func (d *ownDialog) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	if d.ask != nil {
		a, cmd := d.ask.Update(msg)
		switch a.(type) {
		case nil:
			return nil, cmd
		case action.Notice:
			d.ask = nil
			return nil, d.start()
		}
		return action.Close{}, nil // no: nothing ran
	}
	switch msg := msg.(type) {
	case ownDoneMsg:
		d.done, d.res = true, msg.results
	case tea.KeyPressMsg:
		if key.Matches(msg, d.c.Keys.DialogCancel, d.c.Keys.DialogConfirm) {
			if d.cancel != nil {
				d.cancel() // a program still running is killed
			}
			return action.Close{}, nil
		}
	}
	return nil, nil
}

func (d *ownDialog) View() string {
	if d.ask != nil {
		return d.ask.View()
	}
	st, t := d.c.Styles.Dialog, d.c.Text.Own()
	width := max(min(d.w-4, 84), 24)
	inner := max(width-st.Box.GetHorizontalFrameSize(), 10)
	body := d.lines(t)
	// The newest lines are kept when they do not fit: a failure's words
	// are its last.
	if room := max(d.h-8, 3); len(body) > room {
		body = body[len(body)-room:]
	}
	lines := []string{st.Title.Render(d.c.Fit(d.act.Name, inner)), ""}
	for _, l := range body {
		lines = append(lines, d.c.Fit(l, inner))
	}
	lines = append(lines, "", st.Hint.Render(d.c.Fit(d.c.Keys.DialogCancel.Help().Key+" "+t.Close, inner)))
	return st.Box.Width(width).Render(strings.Join(lines, "\n"))
}

// lines are the box's body: running, or each resume's result.
func (d *ownDialog) lines(t i18n.OwnText) []string {
	if !d.done {
		return []string{fmt.Sprintf(t.Running, len(d.names))}
	}
	var out []string
	for i, r := range d.res {
		name := fmt.Sprintf("#%d", r.ResumeID)
		if i < len(d.names) && d.names[i] != "" {
			name = d.names[i]
		}
		if r.Err != nil {
			out = append(out, d.c.Styles.Dialog.Error.Render(fmt.Sprintf(t.Failed, name, failure(t, r.Err))))
			for _, l := range ownactions.LastLines(r.Output, 5) {
				out = append(out, "  "+strings.ReplaceAll(l, "\t", "    "))
			}
			continue
		}
		out = append(out, fmt.Sprintf(t.OK, name))
		if r.Cut {
			out = append(out, "  "+t.Cut)
		}
		shown := ownactions.LastLines(r.Output, 20)
		if len(shown) == 0 {
			shown = []string{t.NoOutput}
		}
		for _, l := range shown {
			out = append(out, "  "+strings.ReplaceAll(l, "\t", "    "))
		}
	}
	return out
}

// failure is why a run failed in the UI's language: its exit status, or
// the timeout; another error (a template's mistake, a program not found)
// as Go says it.
func failure(t i18n.OwnText, err error) string {
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return fmt.Sprintf(t.Exit, exit.ExitCode())
	case errors.Is(err, ownactions.ErrTimeout):
		return t.Killed
	}
	return err.Error()
}
