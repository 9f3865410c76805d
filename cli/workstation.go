package cli

import (
	"context"
	"fmt"

	"hrdesk/syncer"
)

// runWorkstation opens the workstation: with --demo on the built-in
// service, logged in and synced into a throwaway data directory.
func (a *app) runWorkstation(ctx context.Context) error {
	if a.global.demo {
		stop, err := a.startDemo(ctx)
		if err != nil {
			return err
		}
		defer stop()
	} else if err := a.loadConfig(); err != nil {
		return err
	}
	st, err := a.openStore()
	if err != nil {
		return err
	}
	defer st.Close()
	if a.global.demo {
		eng, err := a.engine(st, nil)
		if err != nil {
			return err
		}
		rep, err := eng.Sync(ctx, syncer.SyncOptions{})
		if err != nil {
			return a.explainNetworkError(err)
		}
		fmt.Fprintf(a.Out, "demo: synced %d resumes from the built-in service at %s\n", rep.Fetched, a.cfg.BaseURL)
	}
	return a.printStatus(ctx, st)
}
