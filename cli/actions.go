package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"hrdesk/store"
)

// Actions for scripts go through the outbox exactly like the UI's: written
// durably, applied to the cache, then pushed at once when the server is
// reachable. Offline they wait for the next sync.

// actionCommand builds one action subcommand; build turns the positional
// arguments into the action.
func actionCommand(name, args, summary string, flags func(fs *flag.FlagSet),
	build func(a *app, pos []string) (store.Action, error)) *command {
	return &command{
		name:    name,
		args:    args,
		summary: summary,
		flags:   flags,
		run: func(ctx context.Context, a *app, pos []string) error {
			if err := a.loadConfig(); err != nil {
				return err
			}
			action, err := build(a, pos)
			if err != nil {
				return err
			}
			st, err := a.openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			if err := a.requireEntry(ctx, st, action.ResumeID); err != nil {
				return err
			}
			id, err := st.Enqueue(ctx, action)
			if err != nil {
				return err
			}
			if stored, err := st.Action(ctx, id); err == nil {
				action = stored
			}
			fmt.Fprintf(a.Out, a.text().CLI.Queued+"\n", id, action.ResumeID, a.describeAction(a.text().CLI, action))
			return a.pushNow(ctx, st)
		},
	}
}

func actionCommands() []*command {
	var laterFolder string
	var tpl templateFlags
	var rejectTpl templateFlags
	var mailTpl templateFlags
	var mailFrom, nameFrom string
	return []*command{
		actionCommand("move", "RESUME FOLDER", "move a resume to a folder (inbox, considered, invited, refused, a user folder)", nil,
			func(a *app, pos []string) (store.Action, error) {
				if len(pos) != 2 {
					return store.Action{}, usagef(a.text().CLI.Usage, "hrdesk move RESUME FOLDER")
				}
				id, err := a.parseResumeID(pos[0])
				if err != nil {
					return store.Action{}, err
				}
				folder, err := a.parseFolder(pos[1])
				if err != nil {
					return store.Action{}, err
				}
				return store.Action{ResumeID: id, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: folder}}, nil
			}),
		actionCommand("later", "RESUME", "put a resume aside for later (considered, or --folder)",
			func(fs *flag.FlagSet) {
				fs.StringVar(&laterFolder, "folder", "", "folder to put it in (default considered)")
			},
			func(a *app, pos []string) (store.Action, error) {
				if len(pos) != 1 {
					return store.Action{}, usagef(a.text().CLI.Usage, "hrdesk later RESUME [--folder F]")
				}
				id, err := a.parseResumeID(pos[0])
				if err != nil {
					return store.Action{}, err
				}
				var folder string
				if laterFolder != "" {
					if folder, err = a.parseFolder(laterFolder); err != nil {
						return store.Action{}, err
					}
				}
				return store.Action{ResumeID: id, Kind: store.ActionLater, Payload: store.ActionPayload{Folder: folder}}, nil
			}),
		actionCommand("comment", "RESUME TEXT...", "add a comment to a resume", nil,
			func(a *app, pos []string) (store.Action, error) {
				if len(pos) < 2 {
					return store.Action{}, usagef(a.text().CLI.Usage, "hrdesk comment RESUME TEXT")
				}
				id, err := a.parseResumeID(pos[0])
				if err != nil {
					return store.Action{}, err
				}
				text := strings.TrimSpace(strings.Join(pos[1:], " "))
				if text == "" {
					return store.Action{}, usageWords(a.text().CLI.EmptyComment)
				}
				return store.Action{ResumeID: id, Kind: store.ActionCommentAdd, Payload: store.ActionPayload{Text: text}}, nil
			}),
		actionCommand("invite", "RESUME --template ID", "invite the applicant with a letter from a template",
			tpl.register, func(a *app, pos []string) (store.Action, error) {
				return tpl.action(a, pos, "invite", store.ActionInvite, true)
			}),
		actionCommand("reject", "RESUME [--template ID]", "reject the applicant, with a letter from a template or without one",
			rejectTpl.register, func(a *app, pos []string) (store.Action, error) {
				return rejectTpl.action(a, pos, "reject", store.ActionReject, false)
			}),
		actionCommand("mail", "RESUME --template ID", "send the applicant a letter from a template",
			mailTpl.register, func(a *app, pos []string) (store.Action, error) {
				return mailTpl.action(a, pos, "mail", store.ActionSendMail, true)
			}),
		actionCommand("mail-to", "RESUME EMAIL", "send the resume to an e-mail address",
			func(fs *flag.FlagSet) {
				fs.StringVar(&mailFrom, "from", "", "sender address (default: your profile's)")
				fs.StringVar(&nameFrom, "name", "", "sender name (default: your profile's)")
			},
			func(a *app, pos []string) (store.Action, error) {
				if len(pos) != 2 {
					return store.Action{}, usagef(a.text().CLI.Usage, "hrdesk mail-to RESUME EMAIL")
				}
				id, err := a.parseResumeID(pos[0])
				if err != nil {
					return store.Action{}, err
				}
				if !strings.Contains(pos[1], "@") {
					return store.Action{}, usagef(a.text().CLI.NotAnEmail, pos[1])
				}
				return store.Action{ResumeID: id, Kind: store.ActionMailTo,
					Payload: store.ActionPayload{Email: pos[1], EmailFrom: mailFrom, NameFrom: nameFrom}}, nil
			}),
	}
}

// templateFlags are the flags of the letter-sending actions (4.8).
type templateFlags struct {
	template      int64
	subject, body string
	sms           bool
}

func (t *templateFlags) register(fs *flag.FlagSet) {
	fs.Int64Var(&t.template, "template", 0, "template id (see the templates in the workstation)")
	fs.StringVar(&t.subject, "subject", "", "replace the template's subject")
	fs.StringVar(&t.body, "body", "", "replace the template's text")
	fs.BoolVar(&t.sms, "sms", false, "also notify by SMS, where the server allows it")
}

func (t *templateFlags) action(a *app, pos []string, name string, kind store.ActionKind, needTemplate bool) (store.Action, error) {
	if len(pos) != 1 {
		return store.Action{}, usagef(a.text().CLI.Usage, "hrdesk "+name+" RESUME --template ID")
	}
	id, err := a.parseResumeID(pos[0])
	if err != nil {
		return store.Action{}, err
	}
	if needTemplate && t.template <= 0 {
		return store.Action{}, usagef(a.text().CLI.NeedsTemplate, name)
	}
	return store.Action{ResumeID: id, Kind: kind, Payload: store.ActionPayload{
		TemplateID: t.template, Subject: t.subject, Body: t.body, SendSMS: t.sms}}, nil
}
