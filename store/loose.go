package store

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"hrdesk/textsafe"
)

// Loose is one value of an API object read as the service really sends it
// (real-world notes): a string, a number as written, a bool, null, or a
// dictionary object {id, title}; an array where a scalar was expected
// reads as an empty value. Decoding never fails: an odd value is empty,
// never an error that would hide the rest of the object.
type Loose struct {
	kind  byte   // 0 absent or null, 's' string, 'n' number, 'b' bool, 'o' object, 'a' array
	text  string // a scalar as written (a string unquoted); an object's title
	id    string // an object's id, as written
	empty bool   // an object with no keys
}

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (l *Loose) UnmarshalJSON(b []byte) error {
	*l = Loose{}
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	switch b[0] {
	case '"':
		if json.Unmarshal(b, &l.text) == nil {
			l.kind = 's'
		}
	case '{':
		var o map[string]Loose
		if json.Unmarshal(b, &o) == nil {
			l.kind, l.empty = 'o', len(o) == 0
			l.text, l.id = o["title"].scalar(), o["id"].scalar()
		}
	case '[':
		l.kind = 'a'
	case 't', 'f':
		l.kind, l.text = 'b', string(b)
	default:
		l.kind, l.text = 'n', string(b)
	}
	return nil
}

func (l Loose) scalar() string {
	if l.kind == 's' || l.kind == 'n' || l.kind == 'b' {
		return l.text
	}
	return ""
}

// Present says the key was there and not null.
func (l Loose) Present() bool { return l.kind != 0 }

// IsObject says the value is a dictionary object.
func (l Loose) IsObject() bool { return l.kind == 'o' }

// Str is a scalar (string, number, bool as "true"/"false") as one cleaned,
// trimmed text; "" for anything else.
func (l Loose) Str() string { return strings.TrimSpace(textsafe.Clean(l.scalar())) }

// Title is a dictionary object's title, or the scalar itself, cleaned.
func (l Loose) Title() string {
	if l.kind == 'o' {
		return strings.TrimSpace(textsafe.Clean(l.text))
	}
	return l.Str()
}

// Key is the value as a form sends it back: an object's id, a bool as 1
// or 0, a scalar as written, trimmed. Not cleaned: it is compared, never
// shown as is.
func (l Loose) Key() string {
	switch l.kind {
	case 'o':
		return strings.TrimSpace(l.id)
	case 'b':
		if l.text == "true" {
			return "1"
		}
		return "0"
	}
	return strings.TrimSpace(l.scalar())
}

// Int is a number, or a string holding one (a fraction is cut); 0 for
// anything else.
func (l Loose) Int() int64 {
	if l.kind != 'n' && l.kind != 's' {
		return 0
	}
	s := strings.TrimSpace(l.text)
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return int64(f)
	}
	return 0
}

// True is true, 1 or "1".
func (l Loose) True() bool { return (l.kind == 'b' && l.text == "true") || l.Int() == 1 }

// Objects is a JSON array of objects; anything else reads as empty, and
// elements that are not objects are skipped.
type Objects[T any] []T

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (o *Objects[T]) UnmarshalJSON(b []byte) error {
	*o = nil
	var items []json.RawMessage
	if json.Unmarshal(b, &items) != nil {
		return nil
	}
	for _, it := range items {
		it = bytes.TrimSpace(it)
		var v T
		if len(it) > 0 && it[0] == '{' && json.Unmarshal(it, &v) == nil {
			*o = append(*o, v)
		}
	}
	return nil
}

// Values is a JSON array of loose values; anything else reads as empty.
type Values []Loose

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (v *Values) UnmarshalJSON(b []byte) error {
	*v = nil
	var items []Loose
	if json.Unmarshal(b, &items) == nil {
		*v = items
	}
	return nil
}

// object decodes raw as a JSON object into its keys, nil when it is not
// one; take moves one key's value into a typed field.
type object map[string]json.RawMessage

func decodeObject(raw []byte) object {
	var o object
	if json.Unmarshal(raw, &o) != nil {
		return nil
	}
	return o
}

func (o object) take(key string, into json.Unmarshaler) {
	if v, ok := o[key]; ok {
		_ = into.UnmarshalJSON(v)
		delete(o, key)
	}
}
