package hostexec

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func env(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
}

func TestRemoteNeverBuildsAProgram(t *testing.T) {
	h := Host{Remote: true, Getenv: env(map[string]string{"EDITOR": "/tmp/evil"})}
	if cmd, err := h.Command("sh", "-c", "id"); cmd != nil || !errors.Is(err, ErrRemote) {
		t.Fatalf("Command = %v, %v; want nil, ErrRemote", cmd, err)
	}
	if err := h.Editor().Available(); !errors.Is(err, ErrRemote) {
		t.Fatalf("Available = %v, want ErrRemote", err)
	}
	if cmd, err := h.Editor().Command("/tmp/letter.txt"); cmd != nil || !errors.Is(err, ErrRemote) {
		t.Fatalf("Editor().Command = %v, %v; want nil, ErrRemote", cmd, err)
	}
}

func TestEditorChoice(t *testing.T) {
	for _, tc := range []struct {
		vars map[string]string
		want []string
	}{
		{map[string]string{}, []string{"vi", "/f"}},
		{map[string]string{"EDITOR": "nano"}, []string{"nano", "/f"}},
		{map[string]string{"EDITOR": "nano", "VISUAL": "code --wait"}, []string{"code", "--wait", "/f"}},
		{map[string]string{"VISUAL": "  ", "EDITOR": "ed"}, []string{"ed", "/f"}},
	} {
		e := Host{Getenv: env(tc.vars)}.Editor()
		if err := e.Available(); err != nil {
			t.Fatalf("local editor unavailable: %v", err)
		}
		cmd, err := e.Command("/f")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(cmd.Args, tc.want) {
			t.Errorf("%v: args %q, want %q", tc.vars, cmd.Args, tc.want)
		}
	}
}

// TestOnlyHostexecStartsPrograms keeps this package the one place: no other
// file of hrdesk (tests aside) builds or starts a program, so the remote
// rule cannot be bypassed by a new feature calling exec.Command itself.
func TestOnlyHostexecStartsPrograms(t *testing.T) {
	forbidden := map[string][]string{
		"os/exec": {"Command", "CommandContext", "Cmd"},
		"os":      {"StartProcess"},
		"syscall": {"Exec", "ForkExec", "StartProcess"},
	}
	launchers := []string{"github.com/pkg/browser", "github.com/cli/browser", "github.com/skratchdot/open-golang"}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "hostexec") {
				return filepath.SkipDir
			}
			if path == filepath.Join(root, "internal", "testkit", "pgtest") {
				// Tests' own helper: it starts the throwaway PostgreSQL the
				// budget tests need. Only test files may import it (below).
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		names := map[string]string{} // local name -> import path
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if slices.Contains(launchers, p) {
				t.Errorf("%s imports %s: open URLs and files through hostexec", path, p)
			}
			if p == "hrdesk/internal/testkit/pgtest" {
				t.Errorf("%s imports %s, which starts programs: only tests may", path, p)
			}
			name := p[strings.LastIndex(p, "/")+1:]
			if imp.Name != nil {
				name = imp.Name.Name
			}
			names[name] = p
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			x, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			if slices.Contains(forbidden[names[x.Name]], sel.Sel.Name) {
				// The *exec.Cmd type may be named (a dialog receives one); building one may not.
				if !isPointerType(f, sel) {
					t.Errorf("%s uses %s.%s: build programs with hostexec.Host", path, names[x.Name], sel.Sel.Name)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("checked only %d files: the walk missed the module", checked)
	}
}

// isPointerType reports whether sel appears as *exec.Cmd in a type position.
func isPointerType(f *ast.File, sel *ast.SelectorExpr) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if star, ok := n.(*ast.StarExpr); ok && star.X == sel {
			found = true
		}
		return !found
	})
	return found
}
