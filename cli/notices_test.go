package cli

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/internal/privatefile"
	"hrdesk/keymap"
	"hrdesk/ratebudget/pgshare"
	"hrdesk/syncer"
)

// Issue 28 §6, what still spoke English after its first passes: the
// flags' value words in --help ("duration", "string").
func TestFlagTypesInTheProfilesLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	typed := regexp.MustCompile(`(?m)^ +--[a-z-]+ ([A-Za-z]+)`)
	helps := [][]string{{"--help"}}
	for _, c := range commands() {
		helps = append(helps, []string{c.name, "--help"})
	}
	for _, args := range helps {
		code, out, errs := e.run("", args...)
		if code != 0 {
			t.Fatalf("%v: %d %s", args, code, errs)
		}
		if m := typed.FindAllStringSubmatch(out, -1); len(m) > 0 {
			t.Errorf("hrdesk %s in Russian names values in English: %q", strings.Join(args, " "), m)
		}
	}
	if _, out, _ := e.run("", "--help"); !strings.Contains(out, "--base-url строка") {
		t.Errorf("the global flags' value words:\n%s", out)
	}
	en := newEnv(t)
	if _, out, _ := en.run("", "--help"); !strings.Contains(out, "--base-url string") {
		t.Errorf("English keeps Go's words:\n%s", out)
	}
}

// A sync's news about the data (a list read again before hiding, the
// company's vacancies refused…) was printed as the engine's English.
func TestSyncNewsInTheProfilesLanguage(t *testing.T) {
	at := time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)
	news := []syncer.News{
		{Kind: syncer.NewsOverCap, Folder: "inbox", Total: 2500, At: at, Read: 2000},
		{Kind: syncer.NewsDisagree, Folder: "refused", Read: 3},
		{Kind: syncer.NewsRecheck, Folder: "inbox", Total: 0, Read: 0, Cached: 261, Hide: 261},
		{Kind: syncer.NewsNoVacancies, Cached: 8},
		{Kind: syncer.NewsCompanyRefused, Refusal: "403"},
	}
	for _, n := range news {
		pr := syncer.Progress{Note: n.English(), News: n}
		var ru, en bytes.Buffer
		newProgressPrinter(i18n.For(i18n.RU).CLI, &ru, false).update(pr)
		newProgressPrinter(i18n.For(i18n.EN).CLI, &en, false).update(pr)
		english(t, "a sync's news", ru.String(), "inbox", "refused")
		if en.String() != n.English()+"\n" {
			t.Errorf("English says %q, the engine %q", en.String(), n.English())
		}
	}
}

// The shared budget's notices on stderr (budget_url).
func TestBudgetNoticesInTheProfilesLanguage(t *testing.T) {
	now := time.Now()
	for _, n := range []pgshare.Notice{
		{Kind: pgshare.NoticeFallback, Share: 15, Why: "PostgreSQL: соединение отвергнуто"},
		{Kind: pgshare.NoticeHold, Until: now.Add(90 * time.Second), Now: now},
		{Kind: pgshare.NoticeImpossible, Holds: 1, Turns: 2, Limits: 1, Floor: 15, Limit: 120, Latest: now.Add(48 * time.Hour)},
	} {
		english(t, "the budget's notice", budgetWords(i18n.For(i18n.RU).CLI.Notices, n), "hrdesk", "PostgreSQL", "UTC")
		if got := budgetWords(i18n.For(i18n.EN).CLI.Notices, n); got != n.English() {
			t.Errorf("English says %q, pgbudget %q", got, n.English())
		}
	}
	var errb bytes.Buffer
	a := &app{env: config.EnvFromList(nil), Streams: Streams{Err: &errb}}
	a.cfg.Language, a.cfg.ConfigFile = "ru", "config.toml"
	a.budgetTell(pgshare.Notice{Kind: pgshare.NoticeFallback, Share: 15, Why: "x"})
	if !strings.Contains(errb.String(), "общий бюджет запросов не используется") {
		t.Errorf("a Russian profile's stderr: %q", errb.String())
	}
}

// config.toml's [keys] mistakes stopped the Russian workstation in English.
func TestKeysMistakesInTheProfilesLanguage(t *testing.T) {
	a := &app{env: config.EnvFromList(nil)}
	a.cfg.Language, a.cfg.ConfigFile = "ru", "config.toml"
	for _, c := range []struct {
		keys map[string][]string
		want []string
	}{
		{map[string][]string{"down": {"k"}}, []string{`клавиша "k" назначена и `, "(экран: основной)"}},
		{map[string][]string{"invit": {"i"}}, []string{`неизвестное действие "invit"; может быть, "invite"?`}},
		{map[string][]string{"force_quit": {"q"}}, []string{"force_quit не переназначается"}},
		{map[string][]string{"later": {"Ctrl+l"}}, []string{`неизвестный модификатор "Ctrl"`}},
	} {
		a.cfg.Keys = c.keys
		_, _, err := a.uiCommon()
		var ke *keymap.KeyError
		if err == nil || !errors.As(err, &ke) {
			t.Errorf("%v: %v, want the mistake underneath", c.keys, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: %v, want %q", c.keys, err, w)
			}
		}
		english(t, "[keys]' mistake", err.Error(), "config.toml", "keys", "force_quit", "invite", "invit", "down", "later",
			"Ctrl", "ctrl", "alt", "shift", "meta", "hyper", "super", "space", "enter", "tab", "esc", "up")
	}
	// English is keymap's own.
	if !reflect.DeepEqual(keymap.Words(i18n.For(i18n.EN).CLI.Notices.Keys), keymap.English) {
		t.Error("i18n's English [keys] words differ from keymap's")
	}
}

// export --output's refusals (a link, a pipe, a directory).
func TestExportRefusalsInTheProfilesLanguage(t *testing.T) {
	ru := i18n.For(i18n.RU).CLI.Notices
	dir := t.TempDir()
	err := replaceFile(ru, dir, func(io.Writer) error { return nil })
	var na *privatefile.NotAFileError
	if err == nil || !errors.As(err, &na) || !strings.Contains(err.Error(), "каталог") {
		t.Fatalf("a directory: %v", err)
	}
	english(t, "export's refusal", strings.ReplaceAll(err.Error(), dir, ""), "output", "hrdesk")
}
