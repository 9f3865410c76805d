package keymap

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
)

// ShortHelp is the one-line help of the main screen (help.KeyMap).
func (km KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{km.Open, km.Mark, km.Invite, km.Reject, km.Filter, km.Help, km.Quit}
}

// FullHelp is the full help of the main screen, one column per group
// (help.KeyMap).
func (km KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		km.GroupHelp(GroupNavigation), km.GroupHelp(GroupSelection), km.GroupHelp(GroupActions),
		km.GroupHelp(GroupView), km.GroupHelp(GroupGeneral),
	}
}

// MainGroups are the groups FullHelp shows, in order, for a UI that titles
// each column (i18n.Text.GroupTitles by Group.Name).
func MainGroups() []Group {
	return []Group{GroupNavigation, GroupSelection, GroupActions, GroupView, GroupGeneral}
}

// GroupHelp returns the bindings of one group in table order.
func (km KeyMap) GroupHelp(g Group) []key.Binding {
	var out []key.Binding
	for _, s := range specs() {
		if s.Group == g {
			out = append(out, *s.field(&km))
		}
	}
	return out
}

// DialogHelp is the help of an open dialog, as a help.KeyMap.
func (km KeyMap) DialogHelp() help.KeyMap {
	b := []key.Binding{km.DialogSubmit, km.DialogConfirm, km.DialogNext, km.DialogCancel, km.DialogEditor}
	return bindingHelp{short: b, full: [][]key.Binding{km.GroupHelp(GroupDialog)}}
}

type bindingHelp struct {
	short []key.Binding
	full  [][]key.Binding
}

func (h bindingHelp) ShortHelp() []key.Binding  { return h.short }
func (h bindingHelp) FullHelp() [][]key.Binding { return h.full }

// Describe sets the help descriptions from desc, keyed by action name
// (i18n.Text.KeyDescriptions gives such a map). Actions missing from desc
// keep their description; key labels are unchanged.
func (km *KeyMap) Describe(desc map[string]string) {
	for _, s := range specs() {
		if d := desc[s.Name]; d != "" {
			b := s.field(km)
			b.SetHelp(b.Help().Key, d)
		}
	}
}

// label renders keys for help: at most two, arrows as symbols ("j/↓").
func label(keys []string) string {
	if len(keys) > 2 {
		keys = keys[:2]
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = prettyKey(k)
	}
	return strings.Join(parts, "/")
}

func prettyKey(k string) string {
	switch k {
	case "up":
		return "↑"
	case "down":
		return "↓"
	case "left":
		return "←"
	case "right":
		return "→"
	}
	return k
}
