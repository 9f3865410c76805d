package ui

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/ownactions"
)

// The recruiter's own actions (issue 31 §3): a key of [[actions]] runs its
// program on the highlighted resume or each marked one, after a question
// when the action asks for one, and shows what it wrote in a box over the
// screen. A session served over SSH is handed none (cli), so there no key
// runs and nothing is listed; its runner's host refuses besides.

// ownKey runs the own action on msg's key; ok is false when msg is none.
func (m *Model) ownKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	for _, a := range m.opts.Own {
		if !key.Matches(msg, a.Key) {
			continue
		}
		m.toTriage() // the resumes it acts on are the list's
		ids := m.triage.List().Marked()
		if len(ids) == 0 {
			m.status.Say(m.c.Text.Palette().NoResume)
			return nil, true
		}
		names := make([]string, len(ids))
		for i, id := range ids {
			names[i] = m.triage.List().Name(id)
		}
		d := newOwnDialog(m.c, a, names, m.ownRun(a, ids))
		open := m.open(d, paneTriage)
		if a.Confirm {
			return open, true
		}
		return tea.Batch(open, m.to(paneDialog, d.start())), true
	}
	return nil, false
}

// ownRun runs a on each of ids in turn, reading each from the cache as
// it is now; a closed box cancels ctx, which kills the program running.
func (m *Model) ownRun(a ownactions.Action, ids []int64) func(context.Context) []ownactions.Result {
	st, runner := m.st, m.opts.OwnRunner
	return func(ctx context.Context) []ownactions.Result {
		titles := map[int64]string{}
		if vs, err := st.Vacancies(ctx); err == nil {
			for _, v := range vs {
				titles[v.ID] = v.Profession
			}
		}
		var out []ownactions.Result
		for _, id := range ids {
			if ctx.Err() != nil {
				break
			}
			d, err := st.Entry(ctx, id)
			if err != nil {
				out = append(out, ownactions.Result{ResumeID: id, Err: err})
				continue
			}
			out = append(out, runner.Run(ctx, a, ownactions.FieldsOf(d, titles[d.VacancyID]), d.RawJSON))
		}
		return out
	}
}

// ownKeys are the own actions' keys, each with its name as help text:
// what help and the palette list.
func ownKeys(own []ownactions.Action) []key.Binding {
	out := make([]key.Binding, len(own))
	for i, a := range own {
		out[i] = a.Key
	}
	return out
}
