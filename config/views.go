package config

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"hrdesk/i18n"
)

// View is a saved view of the workstation's list: a folder, filters and an
// order under a name, shown by one key. The filters are written as on the
// command line (hrdesk search).
type View struct {
	Name string `toml:"name"`
	Key  string `toml:"key"`
	// Folder is inbox, considered, invited, refused, all (every folder), a
	// user folder's id or its name from [[folders]]; "" is inbox.
	Folder    string `toml:"folder"`
	New       bool   `toml:"new"`
	Stale     bool   `toml:"stale"`
	Responded string `toml:"responded"` // today, 7d, 30d, FROM..TO
	Salary    string `toml:"salary"`    // 80000-150000, 80000-, -150000
	Age       string `toml:"age"`
	Vacancy   int64  `toml:"vacancy"`   // a vacancy id
	Education int64  `toml:"education"` // the job board's dictionary id (2 higher … 6 student)
	// Sort is date, salary or age, optionally followed by asc or desc
	// ("salary asc"); newest or highest first by default.
	Sort string `toml:"sort"`
	// Query is a line of the query language (docs/QUERY.md), ANDed with
	// the keys above. Only stored here: package query reads it where the
	// view is built (views/criteria.FromConfig), as config cannot import
	// query (query imports config).
	Query string `toml:"query"`
}

// FolderAll is the saved view folder that means every folder.
const FolderAll = "all"

var apiFolders = []string{"inbox", "considered", "invited", "refused"}

// ViewFolder resolves a view's folder to the store's folder id; all is
// true for every folder.
func (c *Config) ViewFolder(v View) (id string, all bool, err error) {
	s := strings.TrimSpace(v.Folder)
	low := strings.ToLower(s)
	switch {
	case low == "":
		return "inbox", false, nil
	case low == FolderAll:
		return "", true, nil
	}
	for _, f := range apiFolders {
		if low == f {
			return f, false, nil
		}
	}
	if n, err := strconv.Atoi(low); err == nil && n > 0 {
		return strconv.Itoa(n), false, nil
	}
	for _, f := range c.Folders {
		if strings.EqualFold(f.Name, s) {
			return strconv.Itoa(f.ID), false, nil
		}
	}
	return "", false, mistake(func(t i18n.ConfigText) string { return t.ViewFolder }, v.Folder)
}

// SortOrder reads a view's sort: the field (date, salary, age) and
// whether lowest or oldest first.
func (v View) SortOrder() (field string, ascending bool, err error) {
	words := strings.Fields(strings.ToLower(v.Sort))
	bad := mistake(func(t i18n.ConfigText) string { return t.ViewSort }, v.Sort)
	if len(words) == 0 {
		return "date", false, nil
	}
	if len(words) > 2 {
		return "", false, bad
	}
	switch words[0] {
	case "date", "salary", "age":
	default:
		return "", false, bad
	}
	if len(words) == 2 {
		switch words[1] {
		case "asc":
			ascending = true
		case "desc":
		default:
			return "", false, bad
		}
	}
	return words[0], ascending, nil
}

// keyClaims are the keys the saved views and own actions took, each to
// the name of what took it: one key, one of them.
type keyClaims map[string]string

// claim takes key for name: the mistake when it is empty or already
// another's.
func (k keyClaims) claim(key, name string) error {
	key = strings.TrimSpace(key)
	if key == "" {
		return mistake(func(t i18n.ConfigText) string { return t.KeyEmpty })
	}
	if other, taken := k[key]; taken {
		return mistake(func(t i18n.ConfigText) string { return t.KeyTaken }, key, other)
	}
	k[key] = name
	return nil
}

// validateViews reports every saved view that cannot work, each naming
// the view and the setting. Whether its key is free is the keymap's to
// say (the workstation checks it against [keys]).
func (c *Config) validateViews() error {
	var errs []error
	keys := keyClaims{}
	for i, v := range c.Views {
		name := fmt.Sprintf("[[views]] #%d", i+1)
		if strings.TrimSpace(v.Name) == "" {
			errs = append(errs, mistake(func(t i18n.ConfigText) string { return t.ViewNoName }, name))
		} else {
			name = fmt.Sprintf("[[views]] %q", v.Name)
		}
		bad := func(err error) {
			errs = append(errs, mistake(func(t i18n.ConfigText) string { return t.ViewSays }, name, err))
		}
		if err := keys.claim(v.Key, name); err != nil {
			bad(err)
		}
		if _, _, err := c.ViewFolder(v); err != nil {
			bad(err)
		}
		if _, err := ParseResponded(v.Responded); err != nil {
			bad(mistake(func(t i18n.ConfigText) string { return t.ViewResponded }, v.Responded, err))
		}
		if _, _, err := ParseRange(v.Salary); err != nil {
			bad(mistake(func(t i18n.ConfigText) string { return t.ViewSalary }, v.Salary, err))
		}
		if _, _, err := ParseRange(v.Age); err != nil {
			bad(mistake(func(t i18n.ConfigText) string { return t.ViewAge }, v.Age, err))
		}
		if v.Vacancy < 0 {
			bad(mistake(func(t i18n.ConfigText) string { return t.ViewVacancy }, v.Vacancy))
		}
		if v.Education < 0 {
			bad(mistake(func(t i18n.ConfigText) string { return t.ViewEducation }, v.Education))
		}
		if _, _, err := v.SortOrder(); err != nil {
			bad(err)
		}
	}
	return errors.Join(errs...)
}
