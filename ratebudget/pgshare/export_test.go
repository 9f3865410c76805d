package pgshare

import (
	"context"
	"time"
)

// HoldNow is Throttle waiting for the database: a test then knows the
// hold is written.
func (s *Source) HoldNow(ctx context.Context, d time.Duration) error { return s.hold(ctx, d) }

// Defaults is the Config a Source runs with for c.
func Defaults(c Config) Config { return c.withDefaults() }

// Patience is how long s waits on its database.
func (s *Source) Patience() time.Duration { return s.cfg.Patience }
