package cli

import (
	"errors"
	"fmt"

	"hrdesk/config"
	"hrdesk/keymap"
	"hrdesk/query"
	"hrdesk/views/criteria"
)

// savedViews builds the saved views of config.toml for the workstation,
// each on its key, which must be free on the main screen of km (after
// [keys]). config.Validate has read the rest; a view whose folder no
// longer resolves (the demo has no user folders) is left out with a word.
func (a *app) savedViews(km *keymap.KeyMap) ([]criteria.View, error) {
	var out []criteria.View
	for _, v := range a.cfg.Views {
		folder, all, err := a.cfg.ViewFolder(v)
		if err != nil {
			why := err.Error()
			if words, ok := config.Words(err, a.lang()); ok {
				why = words
			}
			fmt.Fprintf(a.Err, "hrdesk: "+a.text().CLI.More.ViewLeftOut+"\n", v.Name, why)
			continue
		}
		set, by, asc, err := criteria.FromConfig(v)
		var qe *query.Error
		if errors.As(err, &qe) {
			return nil, fmt.Errorf("config [[views]] %q: query: %s", v.Name, a.queryMistakeWords(v.Query, qe))
		}
		if err != nil {
			return nil, fmt.Errorf("config [[views]] %q: %w", v.Name, err)
		}
		b, err := km.Extra(v.Key, v.Name)
		if err != nil {
			return nil, fmt.Errorf("config [[views]] %q: %w", v.Name, keysMistake(a.text().CLI.Notices, err))
		}
		out = append(out, criteria.View{Name: v.Name, Key: b, Folder: folder, Everywhere: all, Set: set, SortBy: by, Ascending: asc,
			Query: v.Query})
	}
	return out, nil
}
