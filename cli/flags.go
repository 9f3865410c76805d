package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"hrdesk/config"
	"hrdesk/i18n"
)

// globalFlags are accepted before or after any subcommand.
type globalFlags struct {
	configFile, baseURL, secret, dataDir, language, scope string
	budgetURL                                             string
	clientID                                              int
	demo                                                  bool
	requestLog                                            string
	set                                                   map[string]bool
}

func (g *globalFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&g.configFile, "config", "", "config file (default: config.toml in the user's config dir; env HRDESK_CONFIG)")
	fs.StringVar(&g.baseURL, "base-url", "", "API base URL (env HRDESK_BASE_URL; default "+config.DefaultBaseURL+")")
	fs.IntVar(&g.clientID, "client-id", 0, "your application's numeric client id (env HRDESK_CLIENT_ID)")
	fs.StringVar(&g.secret, "secret", "", "your application's secret key (env HRDESK_SECRET)")
	fs.StringVar(&g.dataDir, "data-dir", "", "directory for the cache and the login (env HRDESK_DATA_DIR)")
	fs.StringVar(&g.language, "language", "", "UI language: en, ru or auto")
	fs.StringVar(&g.scope, "scope", "", "received resumes: mine or company")
	fs.BoolVar(&g.demo, "demo", false, "use the built-in demo service and data (nothing to configure)")
	fs.StringVar(&g.budgetURL, "budget-url", "", "PostgreSQL database sharing the request budget with other machines (env HRDESK_BUDGET_URL)")
	fs.StringVar(&g.requestLog, "request-log", "", "append a log of API requests (secrets redacted) to this file")
}

// overrides turns the flags the user actually gave into config overrides.
func (g *globalFlags) overrides() config.Overrides {
	var o config.Overrides
	if g.set["config"] {
		o.ConfigFile = &g.configFile
	}
	if g.set["base-url"] {
		o.BaseURL = &g.baseURL
	}
	if g.set["client-id"] {
		o.ClientID = &g.clientID
	}
	if g.set["secret"] {
		o.Secret = &g.secret
	}
	if g.set["data-dir"] {
		o.DataDir = &g.dataDir
	}
	if g.set["language"] {
		o.Language = &g.language
	}
	if g.set["scope"] {
		o.Scope = &g.scope
	}
	if g.set["budget-url"] {
		o.BudgetURL = &g.budgetURL
	}
	return o
}

// usageError marks a mistake on the command line (exit status 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// usageWords is usagef for a message with nothing to fill in.
func usageWords(msg string) error { return &usageError{msg} }

// errHelp is returned when --help was asked for and printed.
var errHelp = errors.New("help shown")

// parseInterspersed parses flags that may stand anywhere among the positional
// arguments ("hrdesk move 12 inbox --data-dir x"); "--" ends flag parsing.
// With queryWords (a command whose words are a query), a single-dash word
// that is none of the command's flags is a negated term of the query
// ("hrdesk search водитель -has:comment"), not a mistake; a flag's value
// that starts with "-" ("--age -35") is still the flag's, and an unknown
// "--word" is still said to be an unknown flag.
func parseInterspersed(h i18n.CLIHelpText, fs *flag.FlagSet, args []string, queryWords bool) ([]string, error) {
	var positional []string
	for {
		err := fs.Parse(args)
		rest := fs.Args()
		if err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			if term, ok := negatedTerm(err, args, rest, queryWords); ok {
				positional = append(positional, term)
				args = rest
				continue
			}
			return nil, &usageError{flagWords(h, err)}
		}
		if len(rest) == 0 {
			return positional, nil
		}
		// flag.Parse stops at "--" after consuming it; everything after is positional.
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// negatedTerm says whether the argument the flag package refused as not
// defined is a query's negated term: a single dash, in a command that reads
// a query. The flag package consumes the word it refuses and nothing after
// it, so that word is the one just before rest.
func negatedTerm(err error, args, rest []string, queryWords bool) (string, bool) {
	if !queryWords || !strings.HasPrefix(err.Error(), "flag provided but not defined: ") {
		return "", false
	}
	i := len(args) - len(rest) - 1
	if i < 0 || i >= len(args) {
		return "", false
	}
	word := args[i]
	if len(word) < 2 || word[0] != '-' || word[1] == '-' {
		return "", false
	}
	return word, true
}

// flagWords says a mistake of Go's flag package in h's language; its
// English stays for a mistake it does not know. The flag package words
// them as "flag provided but not defined: -x", "flag needs an argument:
// -x" and "invalid value \"v\" for flag -x: why" (or "invalid boolean
// value …").
func flagWords(h i18n.CLIHelpText, err error) string {
	s := err.Error()
	if name, ok := strings.CutPrefix(s, "flag provided but not defined: "); ok {
		return fmt.Sprintf(h.FlagUnknown, name)
	}
	if name, ok := strings.CutPrefix(s, "flag needs an argument: "); ok {
		return fmt.Sprintf(h.FlagNeedsValue, name)
	}
	for _, prefix := range []string{"invalid value ", "invalid boolean value "} {
		rest, ok := strings.CutPrefix(s, prefix)
		if !ok {
			continue
		}
		value, name, ok := strings.Cut(rest, " for flag ")
		if unq, err := strconv.Unquote(value); ok && err == nil {
			name, _, _ = strings.Cut(name, ":")
			return fmt.Sprintf(h.FlagBadValue, unq, name)
		}
	}
	return s
}

// newFlagSet makes a flag set that reports errors to the caller instead of
// printing them: the CLI words them itself, on one line.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// printDefaults writes the flags of fs, one per line, like flag.PrintDefaults
// but to w, in h's language and without the type noise for booleans.
func printDefaults(w io.Writer, h i18n.CLIHelpText, fs *flag.FlagSet, skip map[string]bool) {
	fs.VisitAll(func(f *flag.Flag) {
		if skip[f.Name] {
			return
		}
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + flagType(h, name)
		}
		fmt.Fprintf(w, "%-28s %s\n", line, said(h, strings.TrimSpace(usage)))
	})
}

// flagType is Go's word for a flag's value ("duration") in h's language.
func flagType(h i18n.CLIHelpText, name string) string {
	if t, ok := h.FlagTypes[name]; ok {
		return t
	}
	return name
}

// said is s, a command's English summary, help or flag line, in h's
// language: its translation (a key with "%s" stands for the code's value
// inside the English), or s itself when h has none.
func said(h i18n.CLIHelpText, s string) string {
	if t, ok := h.Said[s]; ok {
		return t
	}
	for k, t := range h.Said {
		pre, post, ok := strings.Cut(k, "%s")
		if ok && len(s) >= len(pre)+len(post) && strings.HasPrefix(s, pre) && strings.HasSuffix(s, post) {
			return fmt.Sprintf(t, s[len(pre):len(s)-len(post)])
		}
	}
	return s
}
