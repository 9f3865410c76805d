package cli

import (
	"context"
	"testing"

	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/ui"
)

// workstationOptions are the workstation's options as `hrdesk` builds
// them for a's profile over st (nil: no cache), config.toml's mistakes
// included.
func (a *app) workstationOptions(t *testing.T, st *store.Store) (ui.Options, error) {
	t.Helper()
	return ui.FromConfig(context.Background(), a.setup(st))
}

// uiCommon is the Common and theme options of the workstation as `hrdesk`
// builds them (ui.FromConfig), for the tests that set the rest of
// ui.Options themselves.
func (a *app) uiCommon() (*ui.Common, []theme.Option, error) {
	opts, err := ui.FromConfig(context.Background(), a.setup(nil))
	return opts.Common, opts.ThemeOptions, err
}
