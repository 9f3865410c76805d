package config

import (
	"maps"
	"strings"
	"testing"
	"time"

	"hrdesk/i18n"
)

const day = 24 * time.Hour

// [sla] in config.toml sets each stage's limit, user folders by their
// [[folders]] name (any case) or number (issue 30 §2).
func TestSLAFromTheFile(t *testing.T) {
	env := testEnv(t)
	writeConfig(t, env, `
[sla]
inbox = "2d"
considered = "7d"
invited = "5d"
"кадровый резерв" = "36h"
1009 = "10d"
[[folders]]
id = 1001
name = "Кадровый резерв"
`)
	cfg, err := Resolve(env, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]time.Duration{"inbox": 2 * day, "considered": 7 * day, "invited": 5 * day, "1001": 36 * time.Hour, "1009": 10 * day}
	if got := cfg.Limits(); !maps.Equal(got, want) {
		t.Errorf("limits %v, want %v", got, want)
	}
}

// An old stale_after keeps working: every stage's limit, the configured
// user folders' too; [sla] wins where it names a stage. With neither,
// Considered and Invited keep today's seven days.
func TestStaleAfterIsEveryStagesLimit(t *testing.T) {
	folders := []Folder{{ID: 1001, Name: "Reserve"}}
	cases := []struct {
		name string
		cfg  Config
		want map[string]time.Duration
	}{
		{"neither", Config{Folders: folders}, map[string]time.Duration{"considered": DefaultStaleAfter, "invited": DefaultStaleAfter}},
		{"stale_after", Config{StaleAfter: "3d", Folders: folders},
			map[string]time.Duration{"inbox": 3 * day, "considered": 3 * day, "invited": 3 * day, "1001": 3 * day}},
		{"both", Config{StaleAfter: "3d", SLA: map[string]string{"inbox": "1d", "reserve": "9d"}, Folders: folders},
			map[string]time.Duration{"inbox": day, "considered": 3 * day, "invited": 3 * day, "1001": 9 * day}},
		{"sla alone", Config{SLA: map[string]string{"inbox": "2d"}, Folders: folders}, map[string]time.Duration{"inbox": 2 * day}},
	}
	for _, c := range cases {
		if got := c.cfg.Limits(); !maps.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// A key that names no stage, or a limit that is no positive duration, is
// said in the profile's language, naming the key and the value.
func TestSLAMistakes(t *testing.T) {
	cases := []struct {
		sla    map[string]string
		en, ru string
	}{
		{map[string]string{"refused": "2d"}, `[sla] "refused": not a stage`, `[sla] "refused": это не этап`},
		{map[string]string{"Shortlist": "2d"}, `[sla] "Shortlist": not a stage`, `[sla] "Shortlist": это не этап`},
		{map[string]string{"inbox": "two days"}, `[sla] "inbox" = "two days": not a positive duration`, `[sla] "inbox" = "two days": нужна положительная длительность`},
		{map[string]string{"invited": "0d"}, `[sla] "invited" = "0d": not a positive`, `нужна положительная`},
		{map[string]string{"invited": ""}, `[sla] "invited" = "": not a positive`, `нужна положительная`},
	}
	for _, c := range cases {
		cfg := Defaults(EnvFromList(nil))
		cfg.DataDir = "/tmp/x"
		cfg.SLA = c.sla
		err := cfg.Validate()
		m, ok := err.(*Mistake)
		if !ok {
			t.Errorf("%v: %v, want a mistake", c.sla, err)
			continue
		}
		if en := m.In(i18n.EN); !strings.Contains(en, c.en) {
			t.Errorf("%v: %q, want %q", c.sla, en, c.en)
		}
		if ru := m.In(i18n.RU); !strings.Contains(ru, c.ru) {
			t.Errorf("%v: %q, want %q", c.sla, ru, c.ru)
		}
	}
	ok := Defaults(EnvFromList(nil))
	ok.DataDir = "/tmp/x"
	ok.SLA = map[string]string{"inbox": "2d", "considered": "36h", "1001": "1d"}
	if err := ok.Validate(); err != nil {
		t.Errorf("a good [sla]: %v", err)
	}
}
