package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"hrdesk/i18n"
	"hrdesk/internal/privatefile"
	"hrdesk/internal/tomlfile"
	"hrdesk/textsafe"
)

// Overrides are the settings given on the command line; nil means "not given".
type Overrides struct {
	ConfigFile *string
	BaseURL    *string
	ClientID   *int
	Secret     *string
	DataDir    *string
	Language   *string
	Scope      *string
	BudgetURL  *string
}

// Resolve builds the configuration: defaults, then config.toml, then the
// environment, then the flags. A missing config file is fine; a broken one is
// an error naming the file and the line.
func Resolve(env Env, flags Overrides) (Config, error) {
	cfg := Defaults(env)
	cfg.ConfigFile = DefaultConfigFile(env)
	if flags.ConfigFile != nil {
		cfg.ConfigFile = *flags.ConfigFile
	}
	if err := readFile(cfg.ConfigFile, &cfg, flags.ConfigFile != nil); err != nil {
		return cfg, err
	}
	if err := applyEnv(env, &cfg); err != nil {
		return cfg, err
	}
	set(&cfg.BaseURL, flags.BaseURL)
	set(&cfg.ClientID, flags.ClientID)
	set(&cfg.Secret, flags.Secret)
	set(&cfg.DataDir, flags.DataDir)
	set(&cfg.Language, flags.Language)
	set(&cfg.Scope, flags.Scope)
	set(&cfg.BudgetURL, flags.BudgetURL)
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	return cfg, cfg.Validate()
}

// ResolveLocal is Resolve for a run against another service than the
// user's (the demo): the recruiter's own settings — keys, language, mouse,
// history, scope — from config.toml and the flags, but no service, no
// credentials and no data directory from the file or the environment, so a
// demo never writes into the real cache. DataDir is the flag's or empty.
func ResolveLocal(env Env, flags Overrides) (Config, error) {
	cfg := Defaults(env)
	cfg.ConfigFile = DefaultConfigFile(env)
	if flags.ConfigFile != nil {
		cfg.ConfigFile = *flags.ConfigFile
	}
	if err := readFile(cfg.ConfigFile, &cfg, flags.ConfigFile != nil); err != nil {
		return cfg, err
	}
	def := Defaults(env)
	cfg.BaseURL, cfg.AuthURL, cfg.RedirectURI = def.BaseURL, def.AuthURL, def.RedirectURI
	cfg.ClientID, cfg.Secret, cfg.Login, cfg.DataDir = 0, "", "", ""
	cfg.Folders = nil // folder ids belong to the user's own service
	cfg.Warnings = nil
	set(&cfg.DataDir, flags.DataDir)
	set(&cfg.Language, flags.Language)
	set(&cfg.Scope, flags.Scope)
	return cfg, nil
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// MaxFileSize bounds config.toml (issue 18 §5). A real one is a few KiB
// (folders, keys, views); within 1 MiB and tomlfile's bounds, a file
// written to cost makes the decoder take about 60 MiB at most.
const MaxFileSize = 1 << 20

func readFile(path string, cfg *Config, mustExist bool) error {
	data, err := tomlfile.Read(path, MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) && !mustExist {
		return nil
	}
	if large := (*tomlfile.TooLargeError)(nil); errors.As(err, &large) {
		return mistake(func(t i18n.ConfigText) string { return t.FileSays }, path, err)
	}
	if nr := (*privatefile.NotRegularError)(nil); errors.As(err, &nr) {
		return fmt.Errorf("config file %w", err) // a pipe there is refused, not waited on
	}
	if err != nil {
		return mistake(func(t i18n.ConfigText) string { return t.CannotRead }, err)
	}
	// Nested past tomlfile.MaxDepth, the file is refused before decoding.
	md, err := tomlfile.Decode(data, cfg)
	if err != nil {
		var perr toml.ParseError
		if errors.As(err, &perr) {
			return mistake(func(t i18n.ConfigText) string { return t.FileLine }, path, perr.Position.Line, perr.Message)
		}
		return mistake(func(t i18n.ConfigText) string { return t.FileSays }, path, err)
	}
	if undecoded := md.Undecoded(); len(undecoded) > 0 {
		return mistake(func(t i18n.ConfigText) string { return t.UnknownSetting }, path, undecoded[0].String())
	}
	cfg.cleanNames()
	if md.IsDefined("secret") && cfg.Secret != "" {
		if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
			cfg.Warnings = append(cfg.Warnings,
				mistake(func(t i18n.ConfigText) string { return t.SecretReadable }, path, path))
		}
	}
	return nil
}

// cleanNames cleans the names config.toml gives folders and saved views
// as the service's text is cleaned (issue 18 §5): the workstation shows
// them (the folders pane, the help screen, the status bar), and a file
// copied from someone else is no more trusted than the service. A view's
// folder is cleaned too, so it still names its folder.
func (c *Config) cleanNames() {
	for i := range c.Folders {
		c.Folders[i].Name = textsafe.Line(c.Folders[i].Name)
	}
	for i := range c.Views {
		c.Views[i].Name = textsafe.Line(c.Views[i].Name)
		c.Views[i].Folder = textsafe.Line(c.Views[i].Folder)
	}
}

func applyEnv(env Env, cfg *Config) error {
	if v := env.get(EnvBaseURL); v != "" {
		cfg.BaseURL = v
	}
	if v := env.get(EnvClientID); v != "" {
		id, err := strconv.Atoi(v)
		if err != nil {
			return mistake(func(t i18n.ConfigText) string { return t.ClientID }, EnvClientID, v)
		}
		cfg.ClientID = id
	}
	if v := env.get(EnvSecret); v != "" {
		cfg.Secret = v
	}
	if v := env.get(EnvDataDir); v != "" {
		cfg.DataDir = v
	}
	if v := env.get(EnvBudgetURL); v != "" {
		cfg.BudgetURL = v
	}
	return nil
}
