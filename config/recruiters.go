package config

import (
	"strconv"

	"hrdesk/i18n"
	"hrdesk/textsafe"
)

// [recruiters] (issue 30 §1): the lead's names for the company's
// recruiters, by their id on the job board:
//
//	[recruiters]
//	7002 = "Пётр"

// validateRecruiters refuses a key that is not a recruiter's id.
func (c *Config) validateRecruiters() error {
	for k := range c.Recruiters {
		if id, err := strconv.ParseInt(k, 10, 64); err != nil || id <= 0 {
			return mistake(func(t i18n.ConfigText) string { return t.RecruiterID }, textsafe.Line(k))
		}
	}
	return nil
}

// RecruiterNames are [recruiters]' names by id, cleaned as every name the
// config gives; an empty name names nobody.
func (c *Config) RecruiterNames() map[int64]string {
	out := map[int64]string{}
	for k, name := range c.Recruiters {
		id, err := strconv.ParseInt(k, 10, 64)
		if name = textsafe.Line(name); err == nil && id > 0 && name != "" {
			out[id] = name
		}
	}
	return out
}
