package tomlfile

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"hrdesk/internal/privatefile"
)

// nesting is how deep a decoded value goes: each table and array one
// level, the document's own table included, so `a = 1` is 1.
func nesting(v any) int {
	deepest := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			deepest = max(deepest, nesting(e))
		}
	case []map[string]any:
		for _, e := range v {
			deepest = max(deepest, nesting(e))
		}
	case []any:
		for _, e := range v {
			deepest = max(deepest, nesting(e))
		}
	default:
		return 0
	}
	return deepest + 1
}

// checkNeverLess fails when doc decodes to something deeper, or with more
// keys, than Check lets through: Check must never count less than the
// decoder builds.
func checkNeverLess(t *testing.T, doc string) {
	t.Helper()
	var v map[string]any
	md, err := toml.Decode(doc, &v)
	if err != nil {
		return // not TOML: the decoder stops where Check's count may go wrong
	}
	if real := nesting(v); Check([]byte(doc), real-1, math.MaxInt) == nil {
		t.Errorf("Check passes %q at %d levels; the decoder built %d", doc, real-1, real)
	}
	if keys := len(md.Keys()); keys > 0 && Check([]byte(doc), math.MaxInt, keys-1) == nil {
		t.Errorf("Check passes %q at %d keys; the decoder keeps %d", doc, keys-1, keys)
	}
}

// The files hrdesk is given pass, whatever their strings and comments
// hold; the ways of nesting deeper are refused on the line they go past
// the bound.
func TestCheckDepth(t *testing.T) {
	for _, doc := range []string{
		"",
		"client_id = 1\n[keys]\nquit = [\"q\", \"ctrl+q\"]\n[[views]]\nname = \"a.b.c\"\nkey = \"w\"\n",
		"[[vacancy]]\nprofession = 'x'\nphones = [{number = \"1\", city_code = 495}]\nmetro = [1, 2, 3]\n",
		"[[vacancy]]\n[[vacancy.phones]]\nnumber = 1.5e3\n",
		// Brackets, dots, quotes and hashes inside strings, quoted keys and comments.
		"a = \"" + strings.Repeat("[{.", 100) + "\\\"\" # " + strings.Repeat("[", 100) + "\n",
		"a = '" + strings.Repeat("[{.\\", 100) + "'\n",
		"a = \"\"\"\n" + strings.Repeat("[{.\"\"", 100) + "\n\"\"\"\"\"\nb = 1\n",
		"a = '''" + strings.Repeat("{['.''", 100) + "'''''\n",
		"[\"" + strings.Repeat("a.", 100) + "\".'" + strings.Repeat("[.", 100) + "']\nk = 1\n",
		"x = [\n  # " + strings.Repeat("[", 100) + "\n  1.5,\n  2.5, # ]]]]\n]\n",
		"when = 1979-05-27T07:32:00.999999-07:00\npi = 3.14\n",
		"a = \"\"\nb = ''\nc = \"\\\\\"\n",
	} {
		if err := Check([]byte(doc), MaxDepth, MaxKeys); err != nil {
			t.Errorf("%q: %v", doc, err)
		}
		checkNeverLess(t, doc)
	}
	deep := func(open, close string, n int) string { return strings.Repeat(open, n) + strings.Repeat(close, n) }
	for _, tc := range []struct {
		name, doc string
		line      int
	}{
		{"inline tables", "a = " + deep("{b=", "}", 3000), 1},
		{"arrays", "a = " + deep("[", "]", 3000), 1},
		{"arrays of tables", "a = " + deep("[{b=", "}]", 1500), 1},
		{"a header's parts", "x = 1\n[" + strings.Repeat("a.", 3000) + "a]\n", 2},
		{"an array of tables' parts", "[[" + strings.Repeat("a.", 3000) + "a]]\n", 1},
		{"dotted keys", "\n\n" + strings.Repeat("a.", 3000) + "a = 1\n", 3},
		{"a quoted key's parts", strings.Repeat("'a'.", 3000) + "a = 1\n", 1},
		{"dotted keys in inline tables", "a = {" + strings.Repeat("b.", 3000) + "c = 1}\n", 1},
		{"a key under a deep header", "[" + strings.Repeat("a.", 12) + "a]\n" + strings.Repeat("b.", 4) + "b = 1\n", 2},
		{"inline tables over lines", "a = [\n" + deep("{b=\n", "}", 3000) + "]\n", 16},
		{"after a multi-line string", "s = \"\"\"\n\n\"\"\"\n" + "a = " + deep("[", "]", 20), 4},
	} {
		err := Check([]byte(tc.doc), MaxDepth, MaxKeys)
		var deepErr *TooDeepError
		if !errors.As(err, &deepErr) || deepErr.Line != tc.line || deepErr.Limit != MaxDepth {
			t.Errorf("%s: %v, want too deep on line %d", tc.name, err, tc.line)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: more than one line: %q", tc.name, err)
		}
	}
}

// A file of more than MaxKeys keys is refused where it passes the count,
// each part of a dotted key counting; up to MaxKeys, it is read.
func TestCheckKeys(t *testing.T) {
	keys := func(n int, format string) []byte {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, format, i)
		}
		return []byte(b.String())
	}
	if err := Check(keys(MaxKeys, "a%d = 1\n"), MaxDepth, MaxKeys); err != nil {
		t.Errorf("%d keys: %v", MaxKeys, err)
	}
	for _, tc := range []struct {
		name string
		doc  []byte
		line int
	}{
		{"keys", keys(MaxKeys+1, "a%d = 1\n"), MaxKeys + 1},
		{"dotted keys", keys(MaxKeys/3+1, "a%d.b.c = 1\n"), MaxKeys/3 + 1},
		{"headers", keys(MaxKeys+1, "[a%d]\n"), MaxKeys + 1},
		{"inline tables", append([]byte("a = ["), keys(MaxKeys, "{b%d = 1},")...), 1},
	} {
		err := Check(tc.doc, MaxDepth, MaxKeys)
		var many *TooManyKeysError
		if !errors.As(err, &many) || many.Line != tc.line || many.Limit != MaxKeys || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want too many keys on line %d", tc.name, err, tc.line)
		}
	}
}

// Check never counts less than the decoder builds, for documents mixing
// every way of nesting with strings that look like nesting.
func TestCheckNeverLessThanTheDecoder(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 5))
	for range 2000 {
		checkNeverLess(t, randomDoc(r))
	}
}

// randomDoc is a TOML document of headers, dotted keys, inline tables and
// arrays, whose strings, quoted keys and comments hold brackets, dots,
// quotes and hashes.
func randomDoc(r *rand.Rand) string {
	g := &docGen{r: r}
	var b strings.Builder
	for range 1 + r.IntN(6) {
		switch r.IntN(4) {
		case 0:
			open, close := "[", "]"
			if r.IntN(2) == 0 {
				open, close = "[[", "]]"
			}
			b.WriteString(open + g.key() + close)
		default:
			b.WriteString(g.key() + " = " + g.value(0))
		}
		if r.IntN(3) == 0 {
			b.WriteString(" # " + g.text("\n"))
		}
		b.WriteString("\n")
	}
	return b.String()
}

type docGen struct {
	r *rand.Rand
	n int
}

// text is a few characters that look like nesting, none of those in not.
func (g *docGen) text(not string) string {
	const alphabet = "[]{}.,#=\"' \\a\n"
	var b strings.Builder
	for range g.r.IntN(8) {
		c := alphabet[g.r.IntN(len(alphabet))]
		if !strings.ContainsRune(not, rune(c)) {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// str is a string in one of TOML's four quotings.
func (g *docGen) str() string {
	switch g.r.IntN(4) {
	case 0:
		return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(g.text("\n")) + `"`
	case 1:
		return "'" + g.text("'\n") + "'"
	case 2:
		return `"""` + strings.NewReplacer(`\`, `\\`, `"""`, `""\"`).Replace(g.text("")) + strings.Repeat(`"`, g.r.IntN(3)) + `"""`
	default:
		return "'''" + g.text("'") + strings.Repeat("'", g.r.IntN(3)) + "'''"
	}
}

// key is a new key of one to four parts, some of them quoted.
func (g *docGen) key() string {
	parts := make([]string, 1+g.r.IntN(4))
	for i := range parts {
		g.n++
		switch g.r.IntN(3) {
		case 0:
			parts[i] = fmt.Sprintf(`"k%d%s"`, g.n, strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(g.text("\n")))
		case 1:
			parts[i] = fmt.Sprintf("'k%d%s'", g.n, g.text("'\n"))
		default:
			parts[i] = fmt.Sprintf("k%d", g.n)
		}
	}
	return strings.Join(parts, []string{".", " . ", ". ", " ."}[g.r.IntN(4)])
}

func (g *docGen) value(depth int) string {
	kind := g.r.IntN(7)
	if depth > 5 {
		kind = g.r.IntN(3)
	}
	switch kind {
	case 0:
		return fmt.Sprint(g.r.IntN(100))
	case 1:
		return fmt.Sprintf("%d.%d", g.r.IntN(100), g.r.IntN(100))
	case 2:
		return g.str()
	case 3, 4:
		items := make([]string, g.r.IntN(4))
		for i := range items {
			items[i] = g.value(depth + 1)
			if g.r.IntN(3) == 0 {
				items[i] += " # " + g.text("\n") + "\n"
			}
		}
		return "[" + strings.Join(items, ",\n") + "]"
	default:
		items := make([]string, g.r.IntN(4))
		for i := range items {
			items[i] = g.key() + " = " + g.value(depth+1)
		}
		return "{" + strings.Join(items, ", ") + "}"
	}
}

// Read refuses a file over its limit without reading it whole, and leaves
// a missing file's error as it is.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.toml")
	if err := os.WriteFile(path, make([]byte, 1<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	if data, err := Read(path, 1<<20); err != nil || len(data) != 1<<20 {
		t.Errorf("a file of the limit: %d bytes, %v", len(data), err)
	}
	_, err := Read(path, 1<<20-1)
	var large *TooLargeError
	if !errors.As(err, &large) || err.Error() != "larger than 1048575 bytes; hrdesk reads no larger file here" {
		t.Errorf("a byte over: %v", err)
	}
	if _, err := Read(path, 512<<10); err == nil || !strings.Contains(err.Error(), "larger than 512 KiB") {
		t.Errorf("over 512 KiB: %v", err)
	}
	if _, err := Read(filepath.Join(dir, "none.toml"), 1<<20); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	// A device has no end: it is refused before a byte is read.
	if _, err := os.Stat("/dev/zero"); err == nil {
		var nr *privatefile.NotRegularError
		if _, err := Read("/dev/zero", 1<<20); !errors.As(err, &nr) {
			t.Errorf("/dev/zero: %v", err)
		}
	}
}

// Decode refuses what is too deep before decoding and decodes the rest.
func TestDecode(t *testing.T) {
	var v struct{ A []int }
	if _, err := Decode([]byte("a = [1, 2]"), &v); err != nil || len(v.A) != 2 {
		t.Errorf("%v %v", v, err)
	}
	var m map[string]any
	if _, err := Decode([]byte("a = "+strings.Repeat("{b=", 3000)+"1"+strings.Repeat("}", 3000)), &m); err == nil || m != nil {
		t.Errorf("decoded %v: %v", m, err)
	}
}

// FuzzCheck: whatever the decoder reads, Check counts at least as deep
// and as many keys.
func FuzzCheck(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		f.Add(randomDoc(r))
	}
	f.Fuzz(func(t *testing.T, doc string) {
		if len(doc) > 4096 {
			return
		}
		checkNeverLess(t, doc)
	})
}
