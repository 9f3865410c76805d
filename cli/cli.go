// Package cli is hrdesk's command line: global flags, configuration and the
// subcommands. It wires the packages together and owns every message a user
// reads on the terminal outside the workstation.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/term"

	"hrdesk/config"
	"hrdesk/session"
	"hrdesk/textsafe"
)

// Version is set at build time with -ldflags "-X hrdesk/cli.Version=…".
var Version = "dev"

// Streams are the standard streams of one run (a terminal, a pipe, or an SSH session).
type Streams struct {
	In       io.Reader
	Out, Err io.Writer
	// Now is the process's clock, nil for time.Now: a test fixes it so that
	// two commands read the same second (a report's period ends now).
	Now func() time.Time
}

// command is one subcommand.
type command struct {
	name    string
	args    string // positional arguments, for the usage line
	summary string
	help    string // longer text shown by --help
	// flags registers the command's own flags; nil when it has none.
	flags func(fs *flag.FlagSet)
	// queryWords: the positional words are a query, where "-term" negates
	// (parseInterspersed keeps such a word rather than refusing it).
	queryWords bool
	run        func(ctx context.Context, a *app, args []string) error
}

// app is what a command gets: streams, environment and the configuration.
type app struct {
	// Streams clean what is written through them (textsafe.Writer): every
	// message, table and error a command prints may hold the server's text.
	Streams
	// raw are the streams as given, for the bytes hrdesk writes on purpose:
	// the progress line's terminal controls, and export's data, whose
	// values are cleaned one by one (see unfiltered).
	raw    Streams
	env    config.Env
	global globalFlags
	// remote: a session served over SSH, which never starts a program,
	// opens a file or a URL on the server (see host).
	remote bool
	cfg    config.Config
	// hosts is the request budget of each service this process talks to,
	// shared by every profile and session (issue 12): copies of app for
	// serve's profiles share the pointer.
	hosts *session.Hosts
	// spent notes each profile's requests in its data directory, for
	// `hrdesk status` in another process (issue 11 §7); nil: not noted
	// (an app made outside Run).
	spent *session.Recorders
	// onScreen is set while the workstation holds the terminal (shared by
	// copies of app): nothing is then printed on stderr beside it.
	onScreen *atomic.Bool
	// clockTold makes the clocks' difference said once a command
	// (session.Profile.ClockTold).
	clockTold *atomic.Bool
}

// now is the process's clock (Streams.Now).
func (a *app) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

func commands() []*command {
	cmds := []*command{
		loginCommand(),
		logoutCommand(),
		whoamiCommand(),
		syncCommand(),
		statusCommand(),
		searchCommand(),
		reportCommand(),
		digestCommand(),
		templatesCommand(),
		exportCommand(),
		outboxCommand(),
	}
	cmds = append(cmds, actionCommands()...)
	return append(cmds, vacanciesCommand(), selectionsCommand(), serveCommand(), demoServerCommand(), versionCommand())
}

func findCommand(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// Run executes one hrdesk command line and returns the process exit status:
// 0 success, 1 failure, 2 a mistake on the command line.
func Run(ctx context.Context, args []string, streams Streams, env config.Env) (status int) {
	// The one output boundary: whatever a command prints, and the errors
	// below, pass textsafe before they reach the terminal (issue 9).
	out, errw := textsafe.NewWriter(streams.Out), textsafe.NewWriter(streams.Err)
	defer errw.Flush()
	a := &app{Streams: Streams{In: streams.In, Out: out, Err: errw, Now: streams.Now}, raw: streams, env: env, hosts: session.NewHosts(), onScreen: new(atomic.Bool), clockTold: new(atomic.Bool),
		spent: session.NewRecorders()}
	defer func() {
		// A bug must not greet the user with a stack trace.
		if r := recover(); r != nil {
			out.Flush()
			fmt.Fprintf(errw, "hrdesk: "+a.safeText().CLI.InternalError+"\n", r)
			status = 1
		}
	}()
	err := a.run(ctx, args)
	// The last second's requests, not yet written; a record that cannot be
	// written only costs `hrdesk status` its figure.
	_ = a.spent.Flush()
	out.Flush()
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errHelp):
		return 0
	default:
		var ue *usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(errw, "hrdesk: %s\n%s\n", ue.msg, a.safeText().CLI.UsageHint)
			return 2
		}
		fmt.Fprintf(errw, "hrdesk: %s\n", a.errorWords(err))
		return 1
	}
}

func (a *app) run(ctx context.Context, args []string) error {
	// Global flags before the subcommand.
	pre := newFlagSet("hrdesk")
	a.global.register(pre)
	if err := pre.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			a.usage(a.Out)
			return errHelp
		}
		h := a.text().CLI.Help
		return &usageError{flagWords(h, err) + h.AfterCommand}
	}
	a.global.set = map[string]bool{}
	pre.Visit(func(f *flag.Flag) { a.global.set[f.Name] = true })
	rest := pre.Args()
	if len(rest) == 0 {
		return a.runWorkstation(ctx)
	}
	name := rest[0]
	if name == "help" {
		if len(rest) > 1 {
			if c := findCommand(rest[1]); c != nil {
				a.commandUsage(a.Out, c)
				return errHelp
			}
		}
		a.usage(a.Out)
		return errHelp
	}
	cmd := findCommand(name)
	if cmd == nil {
		return usagef(a.text().CLI.UnknownCommand, name, a.suggest(name))
	}
	// Registering the globals again resets them to their defaults: keep
	// what was given before the command and apply it again.
	given := map[string]string{}
	pre.Visit(func(f *flag.Flag) { given[f.Name] = f.Value.String() })
	fs := newFlagSet("hrdesk " + cmd.name)
	a.global.register(fs)
	if cmd.flags != nil {
		cmd.flags(fs)
	}
	for name, value := range given {
		_ = fs.Set(name, value)
	}
	positional, err := parseInterspersed(a.text().CLI.Help, fs, rest[1:], cmd.queryWords)
	if errors.Is(err, errHelp) {
		a.commandUsage(a.Out, cmd)
		return errHelp
	}
	if err != nil {
		return err
	}
	fs.Visit(func(f *flag.Flag) { a.global.set[f.Name] = true })
	return cmd.run(ctx, a, positional)
}

// loadConfig resolves the configuration; commands call it when they need it,
// so `hrdesk version` works with a broken config file.
func (a *app) loadConfig() error {
	cfg, err := config.Resolve(a.env, a.global.overrides())
	if err != nil {
		return err
	}
	a.cfg = cfg
	for _, w := range cfg.Warnings {
		fmt.Fprintln(a.Err, w.In(a.lang()))
	}
	return nil
}

func (a *app) usage(w io.Writer) {
	h := a.text().CLI.Help
	fmt.Fprintf(w, "%s\n\n%s\n\n%s\n", h.Intro, h.Usage, h.Commands)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-14s %s\n", c.name, said(h, c.summary))
	}
	fmt.Fprintf(w, "\n%s\n", h.FlagsAnywhere)
	fs := newFlagSet("hrdesk")
	var g globalFlags
	g.register(fs)
	printDefaults(w, h, fs, nil)
	fmt.Fprintf(w, "\n"+h.Settings+"\n", config.DefaultConfigFile(a.env))
}

func (a *app) commandUsage(w io.Writer, c *command) {
	h := a.text().CLI.Help
	fmt.Fprintf(w, h.CommandUsage, c.name)
	if c.args != "" {
		fmt.Fprintf(w, " %s", c.args)
	}
	fmt.Fprintf(w, "\n\n%s\n", said(h, c.summary))
	if c.help != "" {
		fmt.Fprintf(w, "\n%s\n", said(h, strings.TrimSpace(c.help)))
	}
	if c.flags != nil {
		fs := newFlagSet(c.name)
		c.flags(fs)
		fmt.Fprintf(w, "\n%s\n", h.Flags)
		printDefaults(w, h, fs, nil)
	}
	fmt.Fprintf(w, "\n%s\n", h.Globals)
}

// suggest proposes the closest command name for a typo.
func (a *app) suggest(name string) string {
	var names []string
	for _, c := range commands() {
		if strings.HasPrefix(c.name, name) || strings.HasPrefix(name, c.name) || levenshtein(name, c.name) <= 2 {
			names = append(names, c.name)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return ""
	}
	t := a.text().CLI
	return fmt.Sprintf(t.DidYouMean, strings.Join(names, t.Or))
}

func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// errorWords is the line a failed command ends with: the errors other
// packages word alike for every front end, in the profile's language.
func (a *app) errorWords(err error) string {
	if errors.Is(err, session.ErrNotLoggedIn) {
		return a.safeText().CLI.LoginFirst
	}
	// A setting that cannot work, in the profile's language (issue 28 §6).
	if words, ok := config.Words(err, a.safeText().Lang); ok {
		return oneLine(words)
	}
	return oneLine(err.Error())
}

// oneLine keeps an error to the single line the user reads.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func versionCommand() *command {
	return &command{
		name:    "version",
		summary: "print the version",
		run: func(ctx context.Context, a *app, args []string) error {
			fmt.Fprintf(a.Out, "hrdesk %s\n", Version)
			return nil
		},
	}
}

// unfiltered is standard output without the cleaning of a.Out, for bytes
// hrdesk writes on purpose.
func (a *app) unfiltered() io.Writer {
	if a.raw.Out != nil {
		return a.raw.Out
	}
	return a.Out
}

// isTerminal reports whether v is an interactive terminal (not /dev/null,
// which is a character device too); a cleaning writer is asked about the
// stream underneath.
func isTerminal(v any) bool {
	if u, ok := v.(interface{ Unwrap() io.Writer }); ok {
		v = u.Unwrap()
	}
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
