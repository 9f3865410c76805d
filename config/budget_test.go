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
