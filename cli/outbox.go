package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"text/tabwriter"
	"time"

	"hrdesk/i18n"
	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/textsafe"
)

func outboxCommand() *command {
	var all, asJSON bool
	return &command{
		name:    "outbox",
		args:    "[list | retry ID | cancel ID | dismiss ID]",
		summary: "queued actions: list them, retry a failed one, cancel a pending one",
		flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&all, "all", false, "list also the actions already sent (the profile's history of work)")
			fs.BoolVar(&asJSON, "json", false, "list: print JSON, for scripts")
		},
		help: `list     every action not yet done, with its state and the server's message
         (--all: also the ones sent, and the cancelled; --json: for scripts,
         its keys in docs/JSON.md)
retry    send a failed or unknown action again
cancel   withdraw a pending action (its change in the cache is undone)
dismiss  stop showing a failed action; give up on an unknown one`,
		run: func(ctx context.Context, a *app, args []string) error {
			verb := "list"
			if len(args) > 0 {
				verb = args[0]
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			t := a.text().CLI
			if verb == "list" {
				if len(args) > 1 {
					return usageWords(t.OutboxListArgs)
				}
				st, err := a.openStore()
				if err != nil {
					return err
				}
				defer st.Close()
				if asJSON {
					return a.printOutboxJSON(ctx, st, all)
				}
				return a.listOutbox(ctx, st, all)
			}
			if len(args) != 2 {
				return usagef(t.OutboxUsage, verb)
			}
			id, err := strconv.ParseInt(args[1], 10, 64)
			if err != nil || id <= 0 {
				return usagef(t.NotAnActionID, args[1])
			}
			st, err := a.openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			switch verb {
			case "retry":
				err = st.Retry(ctx, id)
			case "cancel":
				err = st.Cancel(ctx, id)
			case "dismiss":
				err = st.Dismiss(ctx, id)
			default:
				return usagef(t.OutboxUnknownVerb, verb)
			}
			if err != nil {
				return outboxError(t, verb, id, err)
			}
			fmt.Fprintf(a.Out, t.ActionDone+"\n", id, verb)
			if verb == "retry" {
				return a.pushNow(ctx, st)
			}
			return nil
		},
	}
}

func outboxError(t i18n.CLIText, verb string, id int64, err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return fmt.Errorf(t.NoSuchAction, id)
	case errors.Is(err, store.ErrStateConflict):
		switch verb {
		case "cancel":
			return fmt.Errorf(t.CannotCancel, id)
		case "retry":
			return fmt.Errorf(t.CannotRetry, id)
		}
		return fmt.Errorf(t.CannotDismiss, id)
	}
	return err
}

// listedActions are the actions `outbox list` shows: those not yet done,
// or with all every one the profile ever queued.
func listedActions(ctx context.Context, st *store.Store, all bool) ([]store.Action, error) {
	states := []store.ActionState{store.StatePending, store.StateInFlight, store.StateFailed, store.StateUnknown}
	if all {
		states = append(states, store.StateDone, store.StateCancelled)
	}
	return st.ListOutbox(ctx, states...)
}

func (a *app) listOutbox(ctx context.Context, st *store.Store, all bool) error {
	actions, err := listedActions(ctx, st, all)
	if err != nil {
		return err
	}
	if !all {
		// A refused action given up on is done with: it is no row here, and
		// an outbox of only those is empty, said in words, not a bare header.
		actions = slices.DeleteFunc(actions, func(ac store.Action) bool {
			return ac.State == store.StateFailed && ac.Dismissed
		})
	}
	words := a.text()
	t, o, now := words.CLI, words.Outbox, a.now()
	if len(actions) == 0 && all {
		fmt.Fprintln(a.Out, t.NoActionsYet)
		return nil
	}
	if len(actions) == 0 {
		fmt.Fprintln(a.Out, t.OutboxEmpty)
		return nil
	}
	tw := tabwriter.NewWriter(a.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, t.OutboxHead)
	for _, ac := range actions {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s\t%s\n", ac.ID, stateName(o, ac, now), ac.ResumeID, a.describeAction(t, ac),
			ac.CreatedAt.Local().Format("01-02 15:04"), actionMessage(o, ac))
	}
	return tw.Flush()
}

// describeAction says what an action does, in a few words; a user folder
// goes by its name from config.toml.
func (a *app) describeAction(t i18n.CLIText, ac store.Action) string {
	p := ac.Payload
	switch ac.Kind {
	case store.ActionMove:
		return fmt.Sprintf(t.Move, a.folderWord(ac.NewFolder))
	case store.ActionLater:
		return fmt.Sprintf(t.Later, a.folderWord(ac.NewFolder))
	case store.ActionInvite:
		return fmt.Sprintf(t.Invite, p.TemplateID)
	case store.ActionSendMail:
		return fmt.Sprintf(t.SendMail, p.TemplateID)
	case store.ActionReject:
		if p.TemplateID == 0 {
			return t.RejectSilent
		}
		return fmt.Sprintf(t.Reject, p.TemplateID)
	case store.ActionMailTo:
		return fmt.Sprintf(t.MailTo, textsafe.Line(p.Email))
	case store.ActionCommentAdd:
		text := textsafe.Line(p.Text)
		if len([]rune(text)) > 30 {
			text = string([]rune(text)[:29]) + "…"
		}
		return fmt.Sprintf(t.Comment, text)
	case store.ActionCommentDelete:
		return fmt.Sprintf(t.DeleteComment, p.CommentID)
	}
	return string(ac.Kind)
}

// stateName names an action's state as the outbox screen does (one
// vocabulary, issue 28 §5): a letter in its undo window counts down.
func stateName(o i18n.OutboxText, ac store.Action, now time.Time) string {
	return o.StateName(string(ac.State), ac.NotBefore, now)
}

// actionMessage is an action's message as the outbox screen says it: the
// service's own words, or what kept it back in the profile's language
// (issue 28 §6); --json keeps the error whole.
func actionMessage(o i18n.OutboxText, ac store.Action) string {
	code, whole := problem.ReadNote(ac.Error)
	msg, _ := o.RowMessage(string(ac.State), code, whole)
	return textsafe.Line(msg)
}
