package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"text/tabwriter"

	"hrdesk/store"
	"hrdesk/textsafe"
)

// templateKinds maps the command line's words to the cache's kinds, in the
// order they are listed.
var templateKinds = []struct {
	word string
	kind store.TemplateKind
}{
	{"invite", store.TemplateInvitation},
	{"reject", store.TemplateRejection},
	{"mail", store.TemplateMail},
}

func templatesCommand() *command {
	var kind string
	var asJSON bool
	return &command{
		name:    "templates",
		summary: "list the letter templates (ids for invite, reject and mail) (offline)",
		help: `Lists the letter templates cached by the last sync: the ids that
hrdesk invite/reject/mail --template take.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&kind, "kind", "", "only invite, reject or mail")
			fs.BoolVar(&asJSON, "json", false, "print JSON")
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef(a.text().CLI.NoArgumentsUse, "templates", "--kind")
			}
			kinds := templateKinds
			if kind != "" {
				kinds = nil
				for _, k := range templateKinds {
					if k.word == kind {
						kinds = append(kinds, k)
					}
				}
				if kinds == nil {
					return usagef(a.text().CLI.BadKind, kind)
				}
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			st, err := a.openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			type line struct {
				Kind    string `json:"kind"`
				ID      int64  `json:"id"`
				Name    string `json:"name"`
				Subject string `json:"subject"`
				SMS     bool   `json:"sms_allowed"`
			}
			lines := []line{}
			for _, k := range kinds {
				set, err := st.Templates(ctx, k.kind)
				if err != nil {
					return err
				}
				for _, t := range set.Templates {
					lines = append(lines, line{Kind: k.word, ID: t.ID, Name: textsafe.Line(t.Name),
						Subject: textsafe.Line(t.Subject), SMS: set.SendSMS})
				}
			}
			if asJSON {
				enc := json.NewEncoder(a.Out)
				enc.SetIndent("", "  ")
				return enc.Encode(lines)
			}
			if len(lines) == 0 {
				fmt.Fprintln(a.Out, a.text().CLI.NoTemplates)
				return nil
			}
			tw := tabwriter.NewWriter(a.Out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, a.text().CLI.TemplatesHead)
			for _, l := range lines {
				fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", l.Kind, l.ID, cell(l.Name, 40), cell(l.Subject, 40))
			}
			return tw.Flush()
		},
	}
}
