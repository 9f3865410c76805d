package store

import (
	"database/sql/driver"
	"hash/fnv"

	"modernc.org/sqlite"
)

// keyOf is the 64-bit key the repeat-applicant facts store in place of a
// text they only compare for equality (a name and town, a phone, an
// e-mail; migration 17): FNV-1a, never 0, which says "none". Two texts of
// one cache share a key by chance with odds of about n²/2⁶⁵ (10⁻⁹ at
// 200,000 contacts), and then a resume would show one more repeat.
func keyOf(s string) int64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	if k := int64(h.Sum64()); k != 0 {
		return k
	}
	return 1
}

// personKey is the key of a name and town; 0 without a name.
func personKey(name, town string) int64 {
	if name == "" {
		return 0
	}
	return keyOf(name + "\n" + town)
}

func init() {
	// hrdesk_key(text) is keyOf for migration 17, which keys the rows
	// already cached; 0 for an empty text.
	sqlite.MustRegisterFunction("hrdesk_key", &sqlite.FunctionImpl{NArgs: 1, Deterministic: true,
		Scalar: func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			var s string
			switch v := args[0].(type) {
			case string:
				s = v
			case []byte:
				s = string(v)
			}
			if s == "" {
				return int64(0), nil
			}
			return keyOf(s), nil
		}})
	// hrdesk_fold(text) is foldKey: a town compared as the facts compare
	// it (SQLite's lower() knows only ASCII).
	sqlite.MustRegisterFunction("hrdesk_fold", &sqlite.FunctionImpl{NArgs: 1, Deterministic: true,
		Scalar: func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			switch v := args[0].(type) {
			case string:
				return foldKey(v), nil
			case []byte:
				return foldKey(string(v)), nil
			}
			return "", nil
		}})
}
