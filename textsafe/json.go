package textsafe

import (
	"bytes"
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// JSON returns the JSON document data with every string in it, keys
// included, passed through Clean; key order and numbers are kept and the
// result is compact. Escaping alone does not make a document safe: "\u001b"
// is harmless on a terminal but becomes an escape byte again in whoever
// decodes it (jq -r), and encoders leave C1 controls and bidi overrides
// unescaped. An error means data was not one valid JSON value.
func JSON(data []byte) ([]byte, error) { return AppendJSON(nil, data) }

// AppendJSON appends JSON(data) to dst, for a caller that cleans many
// documents into one buffer (`hrdesk export`: 100,000 resumes).
//
// It reads data once, byte by byte, without decoding it into values: a
// string that is clean as it stands (no escape, nothing Clean drops,
// nothing an encoder escapes) is copied as it is, which is nearly every
// string of a resume; only the others are decoded, cleaned and encoded
// again. Decoding every value with a json.Decoder took 200 µs a resume,
// 20 s for an export of 100,000 (issue 22 §3). On error dst is returned as
// it was given.
func AppendJSON(dst, data []byte) ([]byte, error) {
	c := cleaner{data: data, out: dst}
	c.space()
	if err := c.value(0); err != nil {
		return dst, err
	}
	c.space()
	if c.i != len(data) {
		return dst, errors.New("textsafe: data after the JSON value")
	}
	return c.out, nil
}

// cleaner walks one JSON document, checking its grammar as json.Valid does,
// and writes it compact with its strings cleaned.
type cleaner struct {
	data []byte
	i    int
	out  []byte
}

// maxDepth is encoding/json's nesting limit, which the API client's
// decoder applied to every document the cache holds.
const maxDepth = 10000

var errSyntax = errors.New("textsafe: not valid JSON")

func (c *cleaner) space() {
	for c.i < len(c.data) {
		switch c.data[c.i] {
		case ' ', '\t', '\n', '\r':
			c.i++
		default:
			return
		}
	}
}

func (c *cleaner) value(depth int) error {
	if c.i >= len(c.data) {
		return errSyntax
	}
	switch ch := c.data[c.i]; {
	case ch == '{' || ch == '[':
		if depth >= maxDepth {
			return errors.New("textsafe: JSON nested too deep")
		}
		return c.container(ch, depth+1)
	case ch == '"':
		return c.str()
	case ch == '-' || ch >= '0' && ch <= '9':
		return c.number()
	case ch == 't':
		return c.literal("true")
	case ch == 'f':
		return c.literal("false")
	case ch == 'n':
		return c.literal("null")
	}
	return errSyntax
}

// container writes an object or an array opened by open.
func (c *cleaner) container(open byte, depth int) error {
	end := byte(']')
	if open == '{' {
		end = '}'
	}
	c.out = append(c.out, open)
	c.i++
	c.space()
	if c.i < len(c.data) && c.data[c.i] == end {
		c.out = append(c.out, end)
		c.i++
		return nil
	}
	for {
		if open == '{' {
			if c.i >= len(c.data) || c.data[c.i] != '"' {
				return errSyntax
			}
			if err := c.str(); err != nil {
				return err
			}
			c.space()
			if c.i >= len(c.data) || c.data[c.i] != ':' {
				return errSyntax
			}
			c.out = append(c.out, ':')
			c.i++
			c.space()
		}
		if err := c.value(depth); err != nil {
			return err
		}
		c.space()
		if c.i >= len(c.data) {
			return errSyntax
		}
		switch c.data[c.i] {
		case ',':
			c.out = append(c.out, ',')
			c.i++
			c.space()
		case end:
			c.out = append(c.out, end)
			c.i++
			return nil
		default:
			return errSyntax
		}
	}
}

func (c *cleaner) literal(word string) error {
	if !bytes.HasPrefix(c.data[c.i:], []byte(word)) {
		return errSyntax
	}
	c.out = append(c.out, word...)
	c.i += len(word)
	return nil
}

// number copies a number as written (1.50 stays 1.50, as json.Number
// kept it), after checking its grammar.
func (c *cleaner) number() error {
	d, start := c.data, c.i
	i := start
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		i = digits(d, i)
	default:
		return errSyntax
	}
	if i < len(d) && d[i] == '.' {
		if i+1 >= len(d) || !isDigit(d[i+1]) {
			return errSyntax
		}
		i = digits(d, i+1)
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || !isDigit(d[i]) {
			return errSyntax
		}
		i = digits(d, i)
	}
	c.out = append(c.out, d[start:i]...)
	c.i = i
	return nil
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

func digits(d []byte, i int) int {
	for i < len(d) && isDigit(d[i]) {
		i++
	}
	return i
}

// str writes the string at c.i cleaned: copied when it is already what
// Clean and the encoder would make of it; re-escaped here when its only
// escapes are of characters Clean keeps (a newline, a quote); else
// decoded, cleaned and encoded by encoding/json.
func (c *cleaner) str() error {
	d := c.data
	start := c.i // the opening quote
	i := start + 1
	escaped, dirty := false, false
	for {
		// Runs of printable ASCII and of two-byte letters (Cyrillic) that
		// Clean keeps: most of a resume.
		for i < len(d) {
			if b := d[i]; plainASCII[b] {
				i++
			} else if b >= 0xc2 && b <= 0xdf && b != 0xc2 && b != 0xd8 && i+1 < len(d) && d[i+1]&0xc0 == 0x80 {
				i += 2
			} else {
				break
			}
		}
		if i >= len(d) {
			return errSyntax
		}
		b := d[i]
		switch {
		case b == '"':
			c.i = i + 1
			switch {
			case !escaped && !dirty:
				c.out = append(c.out, d[start:c.i]...)
				return nil
			case !dirty:
				if out, ok := appendUnescaped(c.out, d[start+1:i]); ok {
					c.out = out
					return nil
				}
			}
			var s string
			// Decoded as encoding/json decodes (invalid UTF-8 and lone
			// surrogates become U+FFFD), so the result is the same.
			if err := json.Unmarshal(d[start:c.i], &s); err != nil {
				return err
			}
			c.out = appendString(c.out, Clean(s))
			return nil
		case b == '\\':
			escaped = true
			if i+1 >= len(d) {
				return errSyntax
			}
			switch d[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(d) || !isHex4(d[i+2:i+6]) {
					return errSyntax
				}
				i += 6
			default:
				return errSyntax
			}
		case b < 0x20:
			return errSyntax // a raw control character
		case b < utf8.RuneSelf:
			if b == 0x7f {
				dirty = true // DEL, which Clean drops
			}
			i++
		case b >= 0xc2 && b <= 0xdf && i+1 < len(d) && d[i+1]&0xc0 == 0x80:
			// Two bytes (Cyrillic, most of a resume): U+0080–U+07FF, of
			// which Clean drops the C1 controls and U+061C.
			if (b == 0xc2 && d[i+1] < 0xa0) || (b == 0xd8 && d[i+1] == 0x9c) {
				dirty = true
			}
			i += 2
		default:
			r, size := utf8.DecodeRune(d[i:])
			if !kept(r, size) {
				dirty = true
			}
			i += size
		}
	}
}

// kept says Clean keeps rune r (of size bytes in the input) and an encoder
// writes it as it is.
func kept(r rune, size int) bool {
	return !(r == utf8.RuneError && size == 1) && !unsafe(r) && r != '\u2028' && r != '\u2029'
}

// appendUnescaped appends, quoted, the string whose escaped body is raw
// (valid, with no character Clean drops written out), as the encoder
// writes it once cleaned; ok is false when an escape stands for a
// character Clean drops or changes, or for a surrogate.
func appendUnescaped(out, raw []byte) (_ []byte, ok bool) {
	n := len(out)
	out = append(out, '"')
	for i := 0; i < len(raw); {
		b := raw[i]
		if b != '\\' {
			out = append(out, b)
			i++
			continue
		}
		switch raw[i+1] {
		case '"', '\\':
			out = append(out, '\\', raw[i+1])
		case '/':
			out = append(out, '/')
		case 'n', 't':
			out = append(out, '\\', raw[i+1])
		case 'u':
			r := rune(hexValue(raw[i+2 : i+6]))
			switch {
			case r == '\n':
				out = append(out, `\n`...)
			case r == '\t':
				out = append(out, `\t`...)
			case r == '"' || r == '\\':
				out = append(out, '\\', byte(r))
			case r < 0x20 || (r >= 0xd800 && r < 0xe000) || !kept(r, utf8.RuneLen(r)):
				return out[:n], false
			default:
				out = utf8.AppendRune(out, r)
			}
			i += 6
			continue
		default: // \b, \f, \r: controls Clean drops
			return out[:n], false
		}
		i += 2
	}
	return append(out, '"'), true
}

func hexValue(b []byte) int {
	v := 0
	for _, c := range b {
		v <<= 4
		switch {
		case c >= '0' && c <= '9':
			v |= int(c - '0')
		case c >= 'a' && c <= 'f':
			v |= int(c-'a') + 10
		default:
			v |= int(c-'A') + 10
		}
	}
	return v
}

// plainASCII are the bytes a string may hold as they stand: printable
// ASCII but the quote and the backslash.
var plainASCII = func() (t [256]bool) {
	for b := 0x20; b < 0x7f; b++ {
		t[b] = b != '"' && b != '\\'
	}
	return t
}()

func isHex4(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// appendString appends s as a JSON string as encoding/json's encoder writes
// it without HTML escaping, leaving <, > and & readable (the output is for
// people and scripts, not HTML).
func appendString(out []byte, s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return append(out, bytes.TrimSuffix(b.Bytes(), []byte("\n"))...)
}
