package config

import (
	"fmt"
	"time"
)

// Duration is a config.toml length of time: a Go duration string ("90s",
// "2m") or a whole number of seconds.
type Duration time.Duration

// UnmarshalTOML implements toml.Unmarshaler.
func (d *Duration) UnmarshalTOML(v any) error {
	switch x := v.(type) {
	case int64:
		*d = Duration(time.Duration(x) * time.Second)
		return nil
	case string:
		p, err := time.ParseDuration(x)
		if err != nil {
			return fmt.Errorf("%q is not a duration like \"60s\" or \"2m\"", x)
		}
		*d = Duration(p)
		return nil
	}
	return fmt.Errorf("want a duration like \"60s\" or a number of seconds, got %v", v)
}

// String prints the duration as Go does.
func (d Duration) String() string { return time.Duration(d).String() }
