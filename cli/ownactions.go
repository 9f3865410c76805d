package cli

import (
	"errors"
	"fmt"

	"hrdesk/config"
	"hrdesk/keymap"
	"hrdesk/ownactions"
)

// ownActions binds config.toml's [[actions]] for the workstation (issue
// 31 §3), each key free on the main screen of km (after [keys] and the
// saved views). A session served over SSH gets none: it never lists nor
// runs a program on the server, and its host would refuse one besides.
func (a *app) ownActions(km *keymap.KeyMap) ([]ownactions.Action, ownactions.Runner, error) {
	runner := ownactions.Runner{Host: a.host()}
	if a.remote {
		return nil, runner, nil
	}
	var out []ownactions.Action
	for i, c := range a.cfg.Actions {
		acts, err := ownactions.Bind(km, []config.Action{c})
		var ke *keymap.KeyError
		switch {
		case errors.As(err, &ke):
			return nil, runner, fmt.Errorf("config %s: %w", config.ActionLabel(i, c), keysMistake(a.text().CLI.Notices, ke))
		case err != nil:
			return nil, runner, fmt.Errorf("config %w", err)
		}
		out = append(out, acts...)
	}
	return out, runner, nil
}
