package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"hrdesk/i18n"
	"hrdesk/internal/tomlfile"
	"hrdesk/problem"
	"hrdesk/session"
	"hrdesk/textsafe"
)

// selectionFields are the writable fields of a resume selection (4.6), plus
// the names its examples also send.
var selectionFields = []string{"name", "status", "period", "keyword", "keywords", "exclude_words", "payment_from",
	"payment_to", "no_agreement", "t", "o", "c", "citizenship", "metro", "catalogues", "place_of_work", "moveable",
	"type_of_work", "id_institute", "age_from", "age_to", "gender", "education", "driving_licence", "languages",
	"business_trip", "marital_status", "children", "education_form", "experience_from", "experience_to",
	"portfolio", "has_photo", "m", "payment_no_agreement", "eduform", "DRL", "institution", "pol", "old1", "old2"}

func selectionsCommand() *command {
	var yes bool
	return &command{
		name:    "selections",
		args:    "list | show ID | create FILE | update ID FILE | delete ID",
		summary: "your resume selections (saved searches): list, show, create, update, delete",
		help: `A selection file is TOML or JSON with the fields of the contract (4.6), e.g.

    name = "Повара в Москве"
    period = 7
    t = [4]
    age_from = 20
    [[keywords]]
    keys = "повар"
    srws = 60
    skwc = "and"

status = 0 switches its e-mail off, status = 1 on; the server takes status only
on update, so create refuses it.`,
		flags: func(fs *flag.FlagSet) { fs.BoolVar(&yes, "yes", false, "delete: do not ask") },
		run: func(ctx context.Context, a *app, args []string) error {
			t := a.text().CLI
			if len(args) == 0 {
				return usagef(t.Usage, "hrdesk selections list|show|create|update|delete")
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			c, err := a.profile().LoggedInClient()
			if err != nil {
				return err
			}
			want := map[string]int{"list": 1, "show": 2, "create": 2, "update": 3, "delete": 2}
			n, ok := want[args[0]]
			if !ok {
				return usagef(t.UnknownSelectionsVerb, args[0])
			}
			if len(args) != n {
				return usagef(t.Usage, "hrdesk selections "+strings.SplitN(selectionsUsage[args[0]], "|", 2)[0])
			}
			var id int64
			if args[0] == "show" || args[0] == "update" || args[0] == "delete" {
				if id, err = strconv.ParseInt(args[1], 10, 64); err != nil || id <= 0 {
					return usagef(t.NotASelectionID, args[1])
				}
			}
			switch args[0] {
			case "list":
				return a.listSelections(ctx, c)
			case "show":
				s, err := c.Selection(ctx, id)
				if err != nil {
					return a.selectionError(err)
				}
				return printJSON(a, s.Raw)
			case "create":
				w, err := readSelectionFile(a.text().CLI.More, args[1], true)
				if err != nil {
					return err
				}
				s, err := session.SaveSelection(ctx, c, 0, w)
				if err != nil {
					return a.selectionError(err)
				}
				fmt.Fprintf(a.Out, t.SelectionCreated+"\n", s.ID, textsafe.Line(string(s.Name)))
			case "update":
				w, err := readSelectionFile(a.text().CLI.More, args[2], false)
				if err != nil {
					return err
				}
				s, err := session.SaveSelection(ctx, c, id, w)
				if err != nil {
					return a.selectionError(err)
				}
				fmt.Fprintf(a.Out, t.SelectionUpdated+"\n", id, textsafe.Line(string(s.Name)), onOff(t, bool(s.Status)))
			case "delete":
				if !yes {
					if !isTerminal(a.In) {
						return usageWords(t.DeleteNeedsYes)
					}
					fmt.Fprintf(a.Err, t.DeleteAsk, id)
					line, _ := bufio.NewReader(a.In).ReadString('\n')
					switch strings.ToLower(strings.TrimSpace(line)) {
					case "y", "yes", "д", "да":
					default:
						fmt.Fprintln(a.Out, t.NothingDeleted)
						return nil
					}
				}
				if err := session.DeleteSelection(ctx, c, id); err != nil {
					return a.selectionError(err)
				}
				fmt.Fprintf(a.Out, t.SelectionDeleted+"\n", id)
			}
			return a.cacheSelections(ctx, c)
		},
	}
}

var selectionsUsage = map[string]string{"list": "list", "show": "show ID", "create": "create FILE",
	"update": "update ID FILE", "delete": "delete ID"}

func onOff(t i18n.CLIText, b bool) string {
	if b {
		return t.On
	}
	return t.Off
}

// selectionError words a refused change to a selection; what the failure
// is, the classifier says.
func (a *app) selectionError(err error) error {
	t := a.text().CLI
	switch p := problem.Of(err); {
	case p.Kind == problem.Refused && p.Missing:
		return errors.New(t.NoSuchSelection)
	case p.Kind == problem.Refused && p.Label == "":
		return fmt.Errorf(t.SelectionRefused, p.Detail)
	}
	return a.explainNetworkError(err)
}

func (a *app) listSelections(ctx context.Context, c *session.Client) error {
	all, err := session.AllSelections(ctx, c)
	if err != nil {
		return a.explainNetworkError(err)
	}
	t := a.text().CLI
	if len(all) == 0 {
		fmt.Fprintln(a.Out, t.NoSelections)
		return a.cacheSelections(ctx, c)
	}
	tw := tabwriter.NewWriter(a.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, t.SelectionsHead)
	for _, s := range all {
		var kws []string
		for _, k := range s.Keywords {
			kws = append(kws, k.Keys)
		}
		period := textsafe.Line(string(s.Period.Title))
		if period == "" && s.Period.ID != 0 {
			period = fmt.Sprintf(t.PeriodDays, s.Period.ID)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", s.ID, textsafe.Line(string(s.Name)), onOff(t, bool(s.Status)), period,
			textsafe.Line(strings.Join(kws, ", ")))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return a.cacheSelections(ctx, c)
}

// cacheSelections keeps the cache's copy current, for browsing offline.
func (a *app) cacheSelections(ctx context.Context, c *session.Client) error {
	st, err := a.openStore()
	if err != nil {
		return err
	}
	defer st.Close()
	if err := session.RefreshSelections(ctx, c, st); err != nil {
		return nil // the command itself succeeded; the cache catches up next time
	}
	return nil
}

func readSelectionFile(t i18n.CLIMoreText, path string, create bool) (session.SelectionWrite, error) {
	var w session.SelectionWrite
	data, err := readRequestFile(path)
	if err != nil {
		return w, err
	}
	fields := map[string]any{}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		if err := json.Unmarshal(data, &fields); err != nil {
			return w, fmt.Errorf(t.NotJSON, path, err)
		}
	case ".toml":
		if _, err := tomlfile.Decode(data, &fields); err != nil {
			return w, fmt.Errorf("%s: %v", path, err)
		}
	default:
		return w, fmt.Errorf(t.TOMLOrJSON, path)
	}
	for k, v := range fields {
		if !slices.Contains(selectionFields, k) {
			return w, fmt.Errorf(t.UnknownField, path, k, closest(t, k, selectionFields))
		}
		if f, ok := v.(float64); ok && f == float64(int64(f)) {
			fields[k] = int64(f)
		}
	}
	if create {
		if _, ok := fields["status"]; ok {
			return w, fmt.Errorf(t.SelectionStatus, path)
		}
		if name, _ := fields["name"].(string); strings.TrimSpace(name) == "" {
			return w, fmt.Errorf(t.SelectionName, path)
		}
	}
	if len(fields) == 0 {
		return w, fmt.Errorf(t.NoFields, path)
	}
	w.Extra = fields
	return w, nil
}

func closest(t i18n.CLIMoreText, k string, names []string) string {
	best, bestD := "", 4
	for _, f := range names {
		if d := levenshtein(k, f); d < bestD {
			best, bestD = f, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(t.DidYouMean, best)
}

// printJSON prints the server's object indented, in its own key order, with
// its strings cleaned (a script decoding "\u001b" would get the escape back).
func printJSON(a *app, raw json.RawMessage) error {
	clean, err := textsafe.JSON(raw)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := json.Indent(&b, clean, "", "  "); err != nil {
		return err
	}
	_, err = fmt.Fprintln(a.Out, b.String())
	return err
}
