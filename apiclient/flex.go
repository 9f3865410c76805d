package apiclient

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The real service is loose with JSON types (real-world notes): ids come as
// numbers or strings, booleans as true/false, 0/1 or "1", empty values as
// null, "" or 0. These types accept all of them and never fail on a shape
// they do not know: they decode to the zero value instead.

// FlexInt is an integer that may arrive as a number, a string, a bool or null.
type FlexInt int64

// UnmarshalJSON implements json.Unmarshaler.
func (f *FlexInt) UnmarshalJSON(b []byte) error {
	*f = 0
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] == 'n' {
		return nil
	}
	switch b[0] {
	case 't':
		*f = 1
		return nil
	case 'f':
		return nil
	case '"':
		var s string
		if json.Unmarshal(b, &s) != nil {
			return nil
		}
		b = []byte(strings.TrimSpace(s))
	}
	if n, err := strconv.ParseInt(string(b), 10, 64); err == nil {
		*f = FlexInt(n)
	} else if x, err := strconv.ParseFloat(string(b), 64); err == nil {
		*f = FlexInt(int64(x))
	}
	return nil
}

// Int returns the value as an int.
func (f FlexInt) Int() int { return int(f) }

// FlexBool is a boolean that may arrive as true/false, 0/1, "0"/"1", "true" or null.
type FlexBool bool

// UnmarshalJSON implements json.Unmarshaler.
func (f *FlexBool) UnmarshalJSON(b []byte) error {
	*f = false
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	switch strings.ToLower(s) {
	case "true", "1", "yes", "y":
		*f = true
	default:
		if n, err := strconv.ParseFloat(s, 64); err == nil && n != 0 {
			*f = true
		}
	}
	return nil
}

// FlexString is text that may arrive as a string, a number, null, or (for
// error messages) an object or array, which is flattened to readable text.
type FlexString string

// UnmarshalJSON implements json.Unmarshaler.
func (f *FlexString) UnmarshalJSON(b []byte) error {
	*f = ""
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	// Fast path: a plain string without escapes, most of a resume.
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' && bytes.IndexByte(b, '\\') < 0 {
		*f = FlexString(b[1 : len(b)-1])
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		*f = FlexString(s)
		return nil
	}
	var v any
	if json.Unmarshal(b, &v) != nil {
		return nil
	}
	*f = FlexString(flattenText(v))
	return nil
}

// flattenText turns an object or array of messages into one line.
func flattenText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			if s := flattenText(e); s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, "; ")
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		parts := make([]string, 0, len(keys))
		for _, k := range keys {
			if s := flattenText(x[k]); s != "" {
				parts = append(parts, k+": "+s)
			}
		}
		return strings.Join(parts, "; ")
	}
	return ""
}

// UnixTime is a unix timestamp in seconds that may arrive as a number or a string.
type UnixTime int64

// UnmarshalJSON implements json.Unmarshaler.
func (u *UnixTime) UnmarshalJSON(b []byte) error {
	var n FlexInt
	_ = n.UnmarshalJSON(b)
	*u = UnixTime(n)
	return nil
}

// Time converts to time.Time; zero for 0.
func (u UnixTime) Time() time.Time {
	if u == 0 {
		return time.Time{}
	}
	return time.Unix(int64(u), 0)
}

// IDTitle is the dictionary object {id, title} used all over the contract.
type IDTitle struct {
	ID    FlexInt    `json:"id"`
	Title FlexString `json:"title"`
}

// UnmarshalJSON accepts an object, a bare id, or a bare title.
func (d *IDTitle) UnmarshalJSON(b []byte) error {
	*d = IDTitle{}
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	if b[0] == '{' {
		type plain IDTitle
		var p plain
		if json.Unmarshal(b, &p) == nil {
			*d = IDTitle(p)
		}
		return nil
	}
	if b[0] == '"' {
		var s string
		_ = json.Unmarshal(b, &s)
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			d.ID = FlexInt(n)
		} else {
			d.Title = FlexString(s)
		}
		return nil
	}
	return d.ID.UnmarshalJSON(b)
}

// looseUnmarshal decodes b into v, leaving a field of an unexpected shape at
// its zero value instead of failing the whole object.
func looseUnmarshal(b []byte, v any) error {
	err := json.Unmarshal(b, v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return nil
	}
	return err
}
