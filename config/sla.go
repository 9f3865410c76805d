package config

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"hrdesk/i18n"
)

// NearLimitShare is how much of its stage's limit a resume has waited
// when it is marked near the limit: three quarters (issue 30 §2).
const NearLimitShare = 0.75

// The stages a limit may be set for: the folders where a resume waits on
// the recruiter's next step. Refused is an end, not a stage.
var limitStages = []string{"inbox", "considered", "invited"}

// Limits are the time limits per stage (issue 30 §2): the store's folder
// id (inbox, considered, invited or a user folder's number) → how long a
// resume may sit there without an event. `[sla]` sets them stage by
// stage (user folders by their [[folders]] name or number); an old
// stale_after is the limit of every stage [sla] does not name; with
// neither, Considered and Invited keep today's rule (DefaultStaleAfter).
// A setting that cannot be read is Validate's mistake; here it is left out.
func (c *Config) Limits() map[string]time.Duration {
	out := map[string]time.Duration{}
	for name, v := range c.SLA {
		id, ok := c.limitStage(name)
		d, err := parseDays(v)
		if ok && err == nil && d > 0 {
			out[id] = d
		}
	}
	every, err := parseDays(c.StaleAfter)
	if err != nil || every == 0 {
		if len(c.SLA) == 0 {
			out["considered"], out["invited"] = DefaultStaleAfter, DefaultStaleAfter
		}
		return out
	}
	stages := append([]string(nil), limitStages...)
	for _, f := range c.Folders {
		if f.ID > 0 {
			stages = append(stages, strconv.Itoa(f.ID))
		}
	}
	for _, id := range stages {
		if _, set := out[id]; !set {
			out[id] = every
		}
	}
	return out
}

// limitStage is the folder id an [sla] key names: a stage's own name, a
// [[folders]] name (any case) or a positive folder number.
func (c *Config) limitStage(name string) (string, bool) {
	s := strings.TrimSpace(name)
	low := strings.ToLower(s)
	for _, f := range limitStages {
		if low == f {
			return f, true
		}
	}
	if n, err := strconv.Atoi(low); err == nil && n > 0 {
		return strconv.Itoa(n), true
	}
	for _, f := range c.Folders {
		if f.ID > 0 && strings.EqualFold(f.Name, s) {
			return strconv.Itoa(f.ID), true
		}
	}
	return "", false
}

// validateSLA is the first [sla] key or value that cannot work, in the
// order of the keys (a map's own order would name a different one each run).
func (c *Config) validateSLA() error {
	names := make([]string, 0, len(c.SLA))
	for name := range c.SLA {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if _, ok := c.limitStage(name); !ok {
			return mistake(func(t i18n.ConfigText) string { return t.SLAStage }, name)
		}
		if d, err := parseDays(c.SLA[name]); err != nil || d == 0 {
			return mistake(func(t i18n.ConfigText) string { return t.SLALimit }, name, c.SLA[name])
		}
	}
	return nil
}
