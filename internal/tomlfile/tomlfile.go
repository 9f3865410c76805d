// Package tomlfile reads the TOML files hrdesk is handed — config.toml,
// `vacancies apply` and `selections create/update` files — within bounds
// on their size, nesting and number of keys (issue 18 §5).
//
// The decoder (BurntSushi/toml) keeps every key under its full dotted
// path, so its memory grows with the square of a file's nesting (12 KB of
// inline tables 3,000 deep took 685 MiB) and, past that, with its number
// of keys (some 500 bytes to 1 KiB each). Check counts both in the bytes
// before the decoder sees them, so a file past MaxDepth or MaxKeys costs
// nothing.
package tomlfile

import (
	"bytes"
	"fmt"
	"io"

	"github.com/BurntSushi/toml"

	"hrdesk/internal/privatefile"
)

// MaxDepth is the deepest nesting Decode accepts, as Check counts it.
// The deepest file hrdesk reads is a phone of a vacancy: 5 levels (the
// document, the [[vacancy]] array, a vacancy, its phones array, a phone).
// 16 leaves room for any hand-written file.
const MaxDepth = 16

// MaxKeys is the most keys Decode accepts, as Check counts them (a dotted
// key's every part). A config has some dozens; a batch of a hundred
// vacancies some 5,000. At 50,000 the decoder's memory stays under about
// 100 MiB whatever the file's shape; unbounded, a 2 MiB file of short
// keys 14 deep took 740 MiB.
const MaxKeys = 50_000

// TooLargeError is a file over the size its caller accepts.
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("larger than %s; hrdesk reads no larger file here", sizeWords(e.Limit))
}

// TooManyKeysError is a file with more keys than MaxKeys.
type TooManyKeysError struct {
	Line  int // where the count went past Limit
	Limit int
}

func (e *TooManyKeysError) Error() string {
	return fmt.Sprintf("line %d takes the file past %d keys (each part of a dotted key counts); hrdesk reads no file with more",
		e.Line, e.Limit)
}

// TooDeepError is a file nested deeper than MaxDepth.
type TooDeepError struct {
	Line  int // where the nesting went past Limit
	Limit int
}

func (e *TooDeepError) Error() string {
	return fmt.Sprintf("line %d nests deeper than %d levels (tables, arrays, inline tables, dotted keys); hrdesk reads no deeper file",
		e.Line, e.Limit)
}

// Read returns the file at path, or a *TooLargeError when it holds more
// than limit bytes; it never reads more than limit+1 bytes, so a growing
// file costs no more than a file of the limit. Only a regular file is
// read, through a link or not: a named pipe, a device or a directory is a
// *privatefile.NotRegularError at once (issue 26 §1: a pipe at --config
// blocked hrdesk for ever). An error opening or reading the file is
// returned as it is (errors.Is finds fs.ErrNotExist).
func Read(path string, limit int64) ([]byte, error) {
	f, err := privatefile.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > limit {
		return nil, &TooLargeError{Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Limit: limit}
	}
	return data, nil
}

// Decode checks data against MaxDepth and MaxKeys (a *TooDeepError or a
// *TooManyKeysError), then decodes it into v as toml.Decode does.
func Decode(data []byte, v any) (toml.MetaData, error) {
	if err := Check(data, MaxDepth, MaxKeys); err != nil {
		return toml.MetaData{}, err
	}
	return toml.Decode(string(data), v)
}

// Check reports a *TooDeepError when data nests deeper than maxDepth, or
// a *TooManyKeysError when it holds more than maxKeys keys.
//
// Depth: the document is level 1, and each table, inline table and array
// one level below the one holding it (`a = [{b = 1}]` is 3 deep, as is
// `[[a]]`). Keys: each key/value, table header and dot. Both are counted
// from above: a dot outside strings and comments counts as a key's part
// whether it is one or a float's (never more than one a value, as a comma
// starts the next). Strings, quoted keys and comments are skipped as the
// decoder reads them; past the point where a file stops being TOML the
// counts may be wrong, but the decoder reads no further than that.
func Check(data []byte, maxDepth, maxKeys int) error {
	if maxDepth < 1 {
		return &TooDeepError{Line: 1, Limit: maxDepth} // the document itself is a level
	}
	c := counter{maxDepth: maxDepth, maxKeys: maxKeys, line: 1}
	var open []int    // the depth at each array or inline table still open
	base := 1         // the level of the table the last header named (1: the document)
	lineStart := true // only blanks since a newline outside any bracket
	header := false   // inside [table] or [[table]]
	arrayTable := false
	for i := 0; i < len(data); i++ {
		var err error
		switch b := data[i]; {
		case b == ' ' || b == '\t' || b == '\r':
		case b == '\n':
			c.line++
			header = false
			if len(open) == 0 {
				lineStart, c.depth = true, base
			}
		case b == '#':
			if j := bytes.IndexByte(data[i:], '\n'); j >= 0 {
				i += j - 1 // the newline is read next
			} else {
				i = len(data)
			}
		case lineStart && b == '[':
			// A table header: its first part is a key of the document,
			// each further part a level below.
			lineStart, header, c.depth = false, true, 1
			arrayTable = i+1 < len(data) && data[i+1] == '['
			if arrayTable {
				i++
			}
		case lineStart:
			// A key: on the level of the table the last header named.
			lineStart, c.depth = false, base
			i-- // read again as part of the key
		case b == '"' || b == '\'':
			end := skipString(data, i)
			c.line += bytes.Count(data[i:end], []byte{'\n'})
			i = end - 1
		case b == '.':
			if err = c.deeper(); err == nil {
				err = c.key()
			}
		case b == '=':
			err = c.key()
		case header && (b == '[' || b == '{'):
			// Not TOML: the decoder stops here.
		case b == '[' || b == '{':
			open = append(open, c.depth)
			err = c.deeper()
		case b == ',':
			if n := len(open); n > 0 {
				c.depth = open[n-1] + 1
			}
		case header && (b == ']' || b == '}'):
			header = false
			if arrayTable && i+1 < len(data) && data[i+1] == ']' {
				i++
			}
			err = c.table(arrayTable)
			base = c.depth
		case b == ']' || b == '}':
			if n := len(open); n > 0 {
				c.depth, open = open[n-1], open[:n-1]
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// counter is Check's count of the depth and the keys so far.
type counter struct {
	maxDepth, maxKeys int
	depth, keys, line int
}

// deeper goes a level down.
func (c *counter) deeper() error {
	c.depth++
	if c.depth > c.maxDepth {
		return &TooDeepError{Line: c.line, Limit: c.maxDepth}
	}
	return nil
}

// key counts one more key.
func (c *counter) key() error {
	c.keys++
	if c.keys > c.maxKeys {
		return &TooManyKeysError{Line: c.line, Limit: c.maxKeys}
	}
	return nil
}

// table ends a header: the table is a key, a level below its name, and
// an array of tables one more.
func (c *counter) table(array bool) error {
	if array {
		if err := c.deeper(); err != nil {
			return err
		}
	}
	if err := c.deeper(); err != nil {
		return err
	}
	return c.key()
}

// skipString returns the index just past the string or quoted key that
// starts at data[i] (a quote), read as the decoder reads it: basic
// strings (in one or three double quotes) with backslash escapes, literal
// ones (in one or three single quotes) without; a closing triple quote
// may follow one or two quotes of the text. An unterminated string ends
// at its line's end (a one-line string) or at the end of data.
func skipString(data []byte, i int) int {
	q := data[i]
	escapes := q == '"'
	triple := []byte{q, q, q}
	if bytes.HasPrefix(data[i:], triple) {
		for j := i + 3; j < len(data); j++ {
			switch {
			case escapes && data[j] == '\\':
				j++ // the escaped byte, a newline included
			case bytes.HasPrefix(data[j:], triple):
				j += 3
				for k := 0; k < 2 && j < len(data) && data[j] == q; k++ {
					j++
				}
				return j
			}
		}
		return len(data)
	}
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			if escapes {
				j++
			}
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(data)
}

// sizeWords says a byte count as a person would: "1 MiB", "512 KiB".
func sizeWords(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
