package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"text/tabwriter"

	"hrdesk/store"
	"hrdesk/textsafe"
)

func outboxCommand() *command {
	var all bool
	return &command{
		name:    "outbox",
		args:    "[list | retry ID | cancel ID | dismiss ID]",
		summary: "queued actions: list them, retry a failed one, cancel a pending one",
		flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&all, "all", false, "list also the actions already sent (the profile's history of work)")
		},
		help: `list     every action not yet done, with its state and the server's message
         (--all: also the ones sent, and the cancelled)
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
			if verb == "list" {
				if len(args) > 1 {
					return usagef("outbox list takes no arguments")
				}
				st, err := a.openStore()
				if err != nil {
					return err
				}
				defer st.Close()
				return a.listOutbox(ctx, st, all)
			}
			if len(args) != 2 {
				return usagef("usage: hrdesk outbox %s ID", verb)
			}
			id, err := strconv.ParseInt(args[1], 10, 64)
			if err != nil || id <= 0 {
				return usagef("%q is not an action id; see `hrdesk outbox list`", args[1])
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
				return usagef("unknown outbox command %q: use list, retry, cancel or dismiss", verb)
			}
			if err != nil {
				return outboxError(verb, id, err)
			}
			fmt.Fprintf(a.Out, "action %d: %s done\n", id, verb)
			if verb == "retry" {
				return a.pushNow(ctx, st)
			}
			return nil
		},
	}
}

func outboxError(verb string, id int64, err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return fmt.Errorf("there is no action %d; see `hrdesk outbox list`", id)
	case errors.Is(err, store.ErrStateConflict):
		switch verb {
		case "cancel":
			return fmt.Errorf("action %d cannot be cancelled: it is no longer pending", id)
		case "retry":
			return fmt.Errorf("action %d cannot be retried: only failed or unknown actions can", id)
		}
		return fmt.Errorf("action %d cannot be dismissed: only failed or unknown actions can", id)
	}
	return err
}

func (a *app) listOutbox(ctx context.Context, st *store.Store, all bool) error {
	states := []store.ActionState{store.StatePending, store.StateInFlight, store.StateFailed, store.StateUnknown}
	if all {
		states = append(states, store.StateDone, store.StateCancelled)
	}
	actions, err := st.ListOutbox(ctx, states...)
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
	if len(actions) == 0 && all {
		fmt.Fprintln(a.Out, "No actions yet in this profile.")
		return nil
	}
	if len(actions) == 0 {
		fmt.Fprintln(a.Out, "The outbox is empty: nothing waits to be sent.")
		return nil
	}
	tw := tabwriter.NewWriter(a.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATE\tRESUME\tACTION\tQUEUED\tMESSAGE")
	for _, ac := range actions {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s\t%s\n", ac.ID, ac.State, ac.ResumeID, a.describeAction(ac),
			ac.CreatedAt.Local().Format("01-02 15:04"), textsafe.Line(ac.Error))
	}
	return tw.Flush()
}

// describeAction says what an action does, in a few words; a user folder
// goes by its name from config.toml.
func (a *app) describeAction(ac store.Action) string {
	p := ac.Payload
	switch ac.Kind {
	case store.ActionMove, store.ActionLater:
		return fmt.Sprintf("%s → %s", ac.Kind, a.folderName(ac.NewFolder))
	case store.ActionInvite, store.ActionSendMail:
		return fmt.Sprintf("%s (template %d)", ac.Kind, p.TemplateID)
	case store.ActionReject:
		if p.TemplateID == 0 {
			return "reject (no letter)"
		}
		return fmt.Sprintf("reject (template %d)", p.TemplateID)
	case store.ActionMailTo:
		return "mail to " + textsafe.Line(p.Email)
	case store.ActionCommentAdd:
		text := textsafe.Line(p.Text)
		if len([]rune(text)) > 30 {
			text = string([]rune(text)[:29]) + "…"
		}
		return fmt.Sprintf("comment %q", text)
	case store.ActionCommentDelete:
		return fmt.Sprintf("delete comment %d", p.CommentID)
	}
	return string(ac.Kind)
}
