package cli

import (
	"context"
	"encoding/json"
	"time"

	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/textsafe"
)

// outboxJSON is one action of `hrdesk outbox list --json` (docs/JSON.md):
// the table's rows with their identifiers rather than words, the same in
// every language.
type outboxJSON struct {
	ID         int64      `json:"id"`
	State      string     `json:"state"` // pending, in_flight, failed, unknown; done, cancelled with --all
	Dismissed  bool       `json:"dismissed"`
	ResumeID   int64      `json:"resume_id"`
	Action     string     `json:"action"`      // move, later, invite, reject, send_mail, mail_to, comment_add, comment_delete
	Folder     *string    `json:"folder"`      // where a move or later puts the resume; null for the others
	TemplateID *int64     `json:"template_id"` // a letter's template; null without one
	Message    string     `json:"message"`     // the server's refusal, or why the outcome is unknown
	Attempts   int        `json:"attempts"`
	QueuedAt   time.Time  `json:"queued_at"`
	UpdatedAt  time.Time  `json:"updated_at"`
	NotBefore  *time.Time `json:"not_before"` // a letter held in its undo window until then; null otherwise
}

func (a *app) printOutboxJSON(ctx context.Context, st *store.Store, all bool) error {
	actions, err := listedActions(ctx, st, all)
	if err != nil {
		return err
	}
	out := make([]outboxJSON, 0, len(actions))
	for _, ac := range actions {
		if ac.State == store.StateFailed && ac.Dismissed && !all {
			continue
		}
		out = append(out, toOutboxJSON(ac))
	}
	enc := json.NewEncoder(a.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func toOutboxJSON(ac store.Action) outboxJSON {
	o := outboxJSON{ID: ac.ID, State: string(ac.State), Dismissed: ac.Dismissed, ResumeID: ac.ResumeID, Action: string(ac.Kind),
		Message: noteless(ac.Error), Attempts: ac.Attempts, QueuedAt: ac.CreatedAt.UTC(), UpdatedAt: ac.UpdatedAt.UTC()}
	if ac.Kind == store.ActionMove || ac.Kind == store.ActionLater {
		f := ac.NewFolder
		o.Folder = &f
	}
	if ac.Payload.TemplateID != 0 {
		id := ac.Payload.TemplateID
		o.TemplateID = &id
	}
	if !ac.NotBefore.IsZero() {
		nb := ac.NotBefore.UTC()
		o.NotBefore = &nb
	}
	return o
}

// noteless is an action's message whole, without the kind's code the
// outbox keeps before hrdesk's own errors (problem.Note): the words the
// JSON always carried.
func noteless(msg string) string {
	_, whole := problem.ReadNote(msg)
	return textsafe.Line(whole)
}
