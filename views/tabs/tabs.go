// Package tabs is the root's tab bar: one line over every screen but the
// wide triage screen, the four folders with their keys, the screens with
// theirs, the user's folders last. The root asks the cells as data (the
// folders from triage, the screens from its table) and lays them out here
// in one form for all, so that folders and screens give way together.
package tabs

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/views/common"
)

// Cell is one entry of the bar: a folder (its key 1–4, or none for a user
// folder) or a screen; Active is the one shown.
type Cell struct {
	Key, Name, Count string
	Active, Screen   bool
}

// Line is the bar, width columns: the cells in their order. A line too
// long takes the first of these forms that fits, each applied to every
// cell of a kind alike, so that what shows is whole: never a name cut to
// "Вхо…" nor a screen to "Vaca…" (issue 28 §4):
//
//  1. every name and count;
//  2. the screens not shown by their keys ("5  6  7 3!  8"): help names
//     them and the key is what is pressed;
//  3. the screen shown by its key too: the box under the bar is titled
//     with its name;
//  4. the folders' names abbreviated by rule (common.Abbrev: "Вход.",
//     "Рассм.", "Кадр. резерв"), their counts kept;
//  5. the folders' names whole without their counts (the folder shown
//     says its own in the list's title); the outbox's stays, it says what
//     waits or failed;
//  6. both: abbreviated, without counts;
//  7. that, with one space between the keyed cells ("1 Вход. 2 Рассм.
//     … 5 6 7 8"), whose keys tell them apart; the user folders, which
//     have none, keep two: three user folders at 80 columns (two of
//     config.toml and one of the site's) ended "Шорт…".
//
// Only a line still too long (under ~70 columns) is cut at its end.
func Line(c *common.Common, cells []Cell, width int) string {
	form := stripForms[len(stripForms)-1] // taken whether it fits or not
	for _, f := range stripForms {
		if ansi.StringWidth(stripLine(cells, f, nil)) <= width {
			form = f
			break
		}
	}
	return c.Fit(stripLine(cells, form, c.Styles.List.Selected.Render), width)
}

// stripLine is the cells in form f, the active one through active when
// given.
func stripLine(cells []Cell, f stripForm, active func(...string) string) string {
	var b strings.Builder
	for i, e := range cells {
		switch {
		case i > 0 && f.tight && e.Key != "":
			b.WriteString(" ") // keyed cells: their keys tell them apart
		case i > 0:
			b.WriteString("  ")
		}
		label := e.label(f)
		if e.Active && active != nil {
			label = active(label)
		}
		b.WriteString(label)
	}
	return b.String()
}

// stripForm is one of the forms the bar takes (Line).
type stripForm struct{ otherKeys, shownKey, abbrev, noCounts, tight bool }

var stripForms = []stripForm{{}, {otherKeys: true}, {otherKeys: true, shownKey: true},
	{otherKeys: true, shownKey: true, abbrev: true}, {otherKeys: true, shownKey: true, noCounts: true},
	{otherKeys: true, shownKey: true, abbrev: true, noCounts: true},
	{otherKeys: true, shownKey: true, abbrev: true, noCounts: true, tight: true}}

// label is the cell in form f.
func (e Cell) label(f stripForm) string {
	name, count := e.Name, e.Count
	switch {
	case e.Screen && (f.shownKey || f.otherKeys && !e.Active):
		name = ""
	case !e.Screen && f.abbrev:
		name = common.Abbrev(name)
	}
	if !e.Screen && f.noCounts {
		count = ""
	}
	return Join(e.Key, name, count)
}

// Join puts the non-empty parts one space apart: "5 Outbox 3!".
func Join(parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " ")
}
