package config

import (
	"strings"
	"testing"
	"time"
)

func TestRequestBudgetAndPollInterval(t *testing.T) {
	env := testEnv(t)
	cfg, err := Resolve(env, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.RequestsPerMinute != 120 || time.Duration(cfg.PollInterval) != time.Minute {
		t.Errorf("defaults: %d a minute, poll every %s", cfg.RequestsPerMinute, cfg.PollInterval)
	}
	for body, want := range map[string]time.Duration{
		"requests_per_minute = 300\npoll_interval = \"90s\"": 90 * time.Second,
		"poll_interval = 30": 30 * time.Second,
		"poll_interval = 0":  0,
	} {
		writeConfig(t, env, body)
		cfg, err := Resolve(env, Overrides{})
		if err != nil {
			t.Errorf("%q: %v", body, err)
			continue
		}
		if time.Duration(cfg.PollInterval) != want {
			t.Errorf("%q: poll every %s, want %s", body, cfg.PollInterval, want)
		}
		if strings.Contains(body, "300") && cfg.RequestsPerMinute != 300 {
			t.Errorf("%q: %d a minute", body, cfg.RequestsPerMinute)
		}
	}
	for body, want := range map[string]string{
		"requests_per_minute = 0": "requests_per_minute",
		"poll_interval = \"2s\"":  "at least 10s",
		"poll_interval = \"abc\"": "duration",
		"poll_interval = true":    "duration",
	} {
		writeConfig(t, env, body)
		if _, err := Resolve(env, Overrides{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want it to mention %q", body, err, want)
		}
	}
}

// notify (issue 12 §3) is one of three words; anything else is named.
func TestNotifySetting(t *testing.T) {
	env := testEnv(t)
	for _, v := range []string{"bell", "osc9", "off"} {
		writeConfig(t, env, "notify = \""+v+"\"")
		cfg, err := Resolve(env, Overrides{})
		if err != nil || cfg.Notify != v {
			t.Errorf("notify %q: %q %v", v, cfg.Notify, err)
		}
	}
	writeConfig(t, env, `notify = "beep"`)
	if _, err := Resolve(env, Overrides{}); err == nil || !strings.Contains(err.Error(), `notify must be "bell", "osc9" or "off", got "beep"`) {
		t.Errorf("a wrong notify: %v", err)
	}
}

// send_delay (issue 11 §4): seconds or a duration, 10 s by default, 0
// sends at once, a negative or hour-long hold is refused.
func TestSendDelaySetting(t *testing.T) {
	env := testEnv(t)
	cfg, err := Resolve(env, Overrides{})
	if err != nil || time.Duration(cfg.SendDelay) != 10*time.Second {
		t.Fatalf("default: %s %v", cfg.SendDelay, err)
	}
	for body, want := range map[string]time.Duration{"send_delay = 0": 0, "send_delay = 30": 30 * time.Second,
		`send_delay = "1m"`: time.Minute} {
		writeConfig(t, env, body)
		cfg, err := Resolve(env, Overrides{})
		if err != nil || time.Duration(cfg.SendDelay) != want {
			t.Errorf("%q: %s %v", body, cfg.SendDelay, err)
		}
	}
	for _, body := range []string{"send_delay = -5", `send_delay = "1h"`, `send_delay = "soon"`} {
		writeConfig(t, env, body)
		if _, err := Resolve(env, Overrides{}); err == nil || !strings.Contains(err.Error(), "send_delay") && !strings.Contains(err.Error(), "duration") {
			t.Errorf("%q: %v", body, err)
		}
	}
}

// budget_url (issue 21): config.toml < HRDESK_BUDGET_URL < --budget-url;
// only a PostgreSQL URL, and the refusal never repeats it (it may hold a
// password).
func TestBudgetURL(t *testing.T) {
	env := testEnv(t, "HRDESK_BUDGET_URL=postgres://env@db/hr")
	writeConfig(t, env, `budget_url = "postgres://file@db/hr"`)
	cfg, err := Resolve(env, Overrides{})
	if err != nil || cfg.BudgetURL != "postgres://env@db/hr" {
		t.Errorf("env over file: %q, %v", cfg.BudgetURL, err)
	}
	flag := "postgresql://flag@db/hr"
	if cfg, err := Resolve(env, Overrides{BudgetURL: &flag}); err != nil || cfg.BudgetURL != flag {
		t.Errorf("flag over env: %q, %v", cfg.BudgetURL, err)
	}
	if cfg, err := Resolve(testEnv(t), Overrides{}); err != nil || cfg.BudgetURL != "" {
		t.Errorf("default: %q, %v", cfg.BudgetURL, err)
	}
	bad := "mysql://u:hunter2@db/hr"
	if _, err := Resolve(env, Overrides{BudgetURL: &bad}); err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("a MySQL URL: %v", err)
	}
}
