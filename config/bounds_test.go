package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A config file nested 3,000 deep (12 KB, which took the decoder 685 MiB),
// with over 50,000 keys or over MaxFileSize is refused with one line
// naming the file and the bound, before it is decoded (issue 18 §5).
func TestConfigFileBounds(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, body, want string
	}{
		{"deep", "a = " + strings.Repeat("{b=", 3000) + "1" + strings.Repeat("}", 3000) + "\n",
			"line 1 nests deeper than 16 levels"},
		{"deep views", "[[views]]\nname = \"x\"\nkey = \"w\"\n" + strings.Repeat("a.", 3000) + "b = 1\n",
			"line 4 nests deeper than 16 levels"},
		{"many keys", "[keys]\n" + numbered("a%d.b.c.d.e = 1\n", 10001), "line 10001 takes the file past 50000 keys"},
		{"large", strings.Repeat("# a comment of a config file that goes on for a while\n", MaxFileSize/50),
			"larger than 1 MiB"},
	} {
		path := filepath.Join(dir, tc.name+".toml")
		if err := os.WriteFile(path, []byte(tc.body), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Resolve(testEnv(t), Overrides{ConfigFile: &path})
		if err == nil || !strings.HasPrefix(err.Error(), "config file "+path+": "+tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v", tc.name, err)
		}
		if _, err := ResolveLocal(testEnv(t), Overrides{ConfigFile: &path}); err == nil {
			t.Errorf("%s: the demo's resolve read it", tc.name)
		}
	}
}

// numbered is format repeated n times, each with its number.
func numbered(format string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, format, i)
	}
	return b.String()
}
