package common

import (
	"reflect"

	tea "charm.land/bubbletea/v2"
)

var teaPackage = reflect.TypeFor[tea.QuitMsg]().PkgPath()

// ForProgram says msg is Bubble Tea's own (quit, clipboard, a process to
// run, the window title): the program acts on it, so whoever addresses a
// pane's results to that pane (the root, the triage screen) lets it pass.
func ForProgram(msg tea.Msg) bool {
	t := reflect.TypeOf(msg)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath() == teaPackage
}
