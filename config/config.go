// Package config resolves hrdesk's settings: command-line flags win over the
// environment, which wins over config.toml, which wins over the defaults.
//
// It reads nothing global by itself: the caller passes the environment in, so
// an SSH server can resolve a configuration per session.
package config

import (
	"errors"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"hrdesk/i18n"
)

// Production endpoints of the job board (see ../shared/api/real-world-notes.md).
const (
	DefaultBaseURL = "https://api.superjob.ru"
	DefaultAuthURL = "https://www.superjob.ru/authorize/"
	// DefaultHistoryDays is how far back sync fetches received resumes; the
	// server alone would give only the last three months.
	DefaultHistoryDays = 365
	// DefaultRequestsPerMinute is the contract's limit per address (section 8).
	DefaultRequestsPerMinute = 120
	// DefaultPollInterval is how often the workstation looks for new responses.
	DefaultPollInterval = time.Minute
	// MinPollInterval keeps polling from eating the request budget.
	MinPollInterval = 10 * time.Second
	// DefaultSendDelay is a letter's undo window in the workstation.
	DefaultSendDelay = 10 * time.Second
	// MaxSendDelay: a longer hold is a schedule, not an undo window.
	MaxSendDelay = 5 * time.Minute
	// DefaultStaleAfter is how long a candidate may wait in Considered or
	// Invited without an event before it is marked stale.
	DefaultStaleAfter = 7 * 24 * time.Hour
)

// Config is the resolved configuration of one hrdesk run.
type Config struct {
	BaseURL     string `toml:"base_url"`
	AuthURL     string `toml:"auth_url"`
	ClientID    int    `toml:"client_id"`
	Secret      string `toml:"secret"`
	RedirectURI string `toml:"redirect_uri"`
	// DataDir holds one profile's cache and token file.
	DataDir string `toml:"data_dir"`
	// Language of the UI: "en", "ru" or "auto" (from LANG).
	Language    string `toml:"language"`
	HistoryDays int    `toml:"history_days"`
	// Scope of received resumes: "mine" or "company".
	Scope string `toml:"scope"`
	// Folders are the user's own folders; the API has no call to list them.
	Folders []Folder `toml:"folders"`
	// Keys rebinds actions: action name → keys.
	Keys map[string][]string `toml:"keys"`
	// Login is remembered for the login prompt.
	Login string `toml:"login"`
	// Mouse turns on the wheel and clicks in the workstation (default on;
	// false leaves the mouse to the terminal's own text selection).
	Mouse *bool `toml:"mouse"`
	// RequestsPerMinute is what the service allows this machine's address
	// (section 8: 120). Every profile and session of one process shares it.
	RequestsPerMinute int `toml:"requests_per_minute"`
	// PollInterval is how often an open workstation checks the service for
	// new responses; 0 turns the checks off.
	PollInterval Duration `toml:"poll_interval"`
	// StaleAfter: a response in Considered or Invited without an event
	// for this long is stale ("7d", "36h"; default DefaultStaleAfter).
	StaleAfter string `toml:"stale_after"`
	// SLA is the time limit per stage (issue 30 §2): inbox, considered,
	// invited or a user folder (its [[folders]] name or number) → "2d",
	// "36h". See Limits.
	SLA map[string]string `toml:"sla"`
	// SendDelay is how long a letter written in the workstation waits in
	// the outbox before it leaves, for u to take it back ("10s", or a
	// number of seconds); 0 sends at once. The command line always sends
	// at once.
	SendDelay Duration `toml:"send_delay"`
	// Notify is how the workstation tells the terminal that new responses
	// arrived: "bell", "osc9" (a desktop notification) or "off" (default).
	Notify string `toml:"notify"`
	// Theme is what the workstation's colours are drawn for: "auto" (the
	// default) asks the terminal for its background; "light" or "dark"
	// fix it, for a terminal that answers wrongly or not at all (some
	// multiplexers, some SSH clients).
	Theme string `toml:"theme"`
	// Views are saved views of the workstation's list, each on a key.
	Views []View `toml:"views"`
	// Actions are the recruiter's own programs, each on a key (issue 31
	// §3); a session served over SSH never lists nor runs them.
	Actions []Action `toml:"actions"`
	// Recruiters names the company's recruiters by id_user (issue 30 §1),
	// over what the service says (a vacancy's contact person).
	Recruiters map[string]string `toml:"recruiters"`
	// BudgetURL names a PostgreSQL database (postgres://user@host/db)
	// keeping the service's request budget for every hrdesk process that
	// names it, on any machine (issue 21); "" keeps it in the process.
	BudgetURL string `toml:"budget_url"`

	// ConfigFile is the file that was read, or would have been.
	ConfigFile string `toml:"-"`
	// Warnings are problems that do not stop hrdesk (a secret in a file
	// others can read), for the caller to print once.
	Warnings []*Mistake `toml:"-"`
}

// Folder is a user-defined folder of received resumes.
type Folder struct {
	ID   int    `toml:"id"`
	Name string `toml:"name"`
}

// Environment variables read by Resolve.
const (
	EnvBaseURL   = "HRDESK_BASE_URL"
	EnvClientID  = "HRDESK_CLIENT_ID"
	EnvSecret    = "HRDESK_SECRET"
	EnvDataDir   = "HRDESK_DATA_DIR"
	EnvConfig    = "HRDESK_CONFIG"
	EnvBudgetURL = "HRDESK_BUDGET_URL"
)

// Defaults returns the built-in settings for a user whose home and XDG
// directories are described by env.
func Defaults(env Env) Config {
	return Config{
		BaseURL:     DefaultBaseURL,
		AuthURL:     DefaultAuthURL,
		RedirectURI: "",
		DataDir:     filepath.Join(dataHome(env), "hrdesk"),
		Language:    "auto",
		HistoryDays: DefaultHistoryDays,
		Scope:       "mine",
		Theme:       "auto",

		RequestsPerMinute: DefaultRequestsPerMinute,
		PollInterval:      Duration(DefaultPollInterval),
		SendDelay:         Duration(DefaultSendDelay),
	}
}

// Validate reports the first setting that cannot work, in words a user can act on.
func (c *Config) Validate() error {
	if err := CheckBaseURL(c.BaseURL); err != nil {
		return err
	}
	if err := CheckBudgetURL(c.BudgetURL); err != nil {
		return err
	}
	if c.RequestsPerMinute < 1 {
		return mistake(func(t i18n.ConfigText) string { return t.RequestsPerMinute }, c.RequestsPerMinute)
	}
	if p := time.Duration(c.PollInterval); p < 0 || p > 0 && p < MinPollInterval {
		return mistake(func(t i18n.ConfigText) string { return t.PollInterval }, MinPollInterval, p)
	}
	if d := time.Duration(c.SendDelay); d < 0 || d > MaxSendDelay {
		return mistake(func(t i18n.ConfigText) string { return t.SendDelay }, MaxSendDelay, d)
	}
	switch c.Notify {
	case "", "off", "bell", "osc9":
	default:
		return mistake(func(t i18n.ConfigText) string { return t.Notify }, c.Notify)
	}
	switch c.Theme {
	case "", "auto", "light", "dark":
	default:
		return mistake(func(t i18n.ConfigText) string { return t.Theme }, c.Theme)
	}
	if c.HistoryDays < 1 {
		return mistake(func(t i18n.ConfigText) string { return t.HistoryDays }, c.HistoryDays)
	}
	switch c.Scope {
	case "mine", "company":
	default:
		return mistake(func(t i18n.ConfigText) string { return t.Scope }, c.Scope)
	}
	switch c.Language {
	case "", "auto", "en", "ru":
	default:
		return mistake(func(t i18n.ConfigText) string { return t.Language }, c.Language)
	}
	for _, f := range c.Folders {
		if f.ID <= 0 {
			return mistake(func(t i18n.ConfigText) string { return t.FolderID }, f.Name)
		}
	}
	if c.DataDir == "" {
		return mistake(func(t i18n.ConfigText) string { return t.NoDataDir })
	}
	if _, err := parseDays(c.StaleAfter); err != nil {
		return mistake(func(t i18n.ConfigText) string { return t.StaleAfter }, c.StaleAfter)
	}
	if err := c.validateSLA(); err != nil {
		return err
	}
	if err := c.validateRecruiters(); err != nil {
		return err
	}
	if err := c.validateViews(); err != nil {
		return err
	}
	return c.validateActions()
}

// CheckBaseURL accepts https anywhere and plain http only on loopback, so a
// token is never sent in clear over a network.
func CheckBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return mistake(func(t i18n.ConfigText) string { return t.BaseURLNotURL }, raw)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if IsLoopback(u.Hostname()) {
			return nil
		}
		return mistake(func(t i18n.ConfigText) string { return t.BaseURLHTTP }, raw)
	default:
		return mistake(func(t i18n.ConfigText) string { return t.BaseURLScheme }, raw)
	}
}

// CheckBudgetURL accepts "" (the budget stays in the process) or a
// PostgreSQL URL. The message never repeats the URL: it may hold a
// password.
func CheckBudgetURL(raw string) error {
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") || u.Host == "" && u.Query().Get("host") == "" {
		return mistake(func(t i18n.ConfigText) string { return t.BudgetURL })
	}
	return nil
}

// IsLoopback reports whether host names this machine.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// TokenFile is where the profile's token pair is kept (mode 0600).
func (c *Config) TokenFile() string { return filepath.Join(c.DataDir, "token.json") }

// RequestsFile is the record of the profile's requests in the last
// minute, which every process of the profile adds to (package ratebudget/record).
func (c *Config) RequestsFile() string { return filepath.Join(c.DataDir, "requests.json") }

// CacheFile is the profile's SQLite cache.
func (c *Config) CacheFile() string { return filepath.Join(c.DataDir, "cache.db") }

// Env looks up an environment variable; os.LookupEnv fits.
type Env func(key string) (string, bool)

// OSEnv is the process environment.
func OSEnv() Env { return os.LookupEnv }

// EnvFromList makes an Env from KEY=VALUE pairs (an SSH session's environment).
func EnvFromList(list []string) Env {
	m := make(map[string]string, len(list))
	for _, kv := range list {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return func(key string) (string, bool) { v, ok := m[key]; return v, ok }
}

func (e Env) get(key string) string {
	if e == nil {
		return ""
	}
	v, _ := e(key)
	return v
}

func home(env Env) string {
	if h := env.get("HOME"); h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}

func dataHome(env Env) string {
	if d := env.get("XDG_DATA_HOME"); d != "" {
		return d
	}
	return filepath.Join(home(env), ".local", "share")
}

func configHome(env Env) string {
	if d := env.get("XDG_CONFIG_HOME"); d != "" {
		return d
	}
	return filepath.Join(home(env), ".config")
}

// DefaultConfigFile is config.toml in the user's config directory.
func DefaultConfigFile(env Env) string {
	if f := env.get(EnvConfig); f != "" {
		return f
	}
	return filepath.Join(configHome(env), "hrdesk", "config.toml")
}

// StaleAfterDuration is stale_after, or its default.
func (c *Config) StaleAfterDuration() time.Duration {
	d, err := parseDays(c.StaleAfter)
	if err != nil || d == 0 {
		return DefaultStaleAfter
	}
	return d
}

// parseDays reads a duration that may also be in days ("7d"); "" is 0.
func parseDays(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	var d time.Duration
	var err error
	if days, ok := strings.CutSuffix(s, "d"); ok {
		var n int
		n, err = strconv.Atoi(days)
		d = time.Duration(n) * 24 * time.Hour
	} else {
		d, err = time.ParseDuration(s)
	}
	if err != nil || d <= 0 {
		return 0, errors.New("not a positive duration")
	}
	return d, nil
}

// MouseOn says whether the workstation takes the mouse.
func (c *Config) MouseOn() bool { return c.Mouse == nil || *c.Mouse }
