// Package panetest holds checks the pane packages' tests share.
package panetest

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Frame checks the pane contract: view is exactly h lines of exactly w
// columns, whatever the content, so the root can lay panes side by side.
func Frame(t testing.TB, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Fatalf("%d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("line %d is %d columns wide, want %d: %q", i, got, w, ansi.Strip(l))
		}
	}
}
