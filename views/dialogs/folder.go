package dialogs

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// FolderPicker chooses the folder to move resumes to: up/down and confirm,
// or the key that shows that folder on the main screen (1–4 by default).
// User folders have no such key; they are reached with up/down.
type FolderPicker struct {
	c       *common.Common
	ids     []int64
	current string
	items   []folderChoice
	list    common.List
	width   int
	about   string
}

// About names the one applicant the dialog acts on, for its title.
func (p *FolderPicker) About(name string) { p.about = name }

type folderChoice struct{ id, name string }

// NewFolderPicker opens the move dialog for ids, which are in current.
func NewFolderPicker(c *common.Common, ids []int64, current string) *FolderPicker {
	t := c.Text.Folders
	items := []folderChoice{{store.FolderInbox, t.Inbox}, {store.FolderConsidered, t.Considered},
		{store.FolderInvited, t.Invited}, {store.FolderRefused, t.Refused}}
	for _, f := range c.UserFolders {
		if _, site := store.SiteFolderName(f.ID); site {
			continue // no [[folders]] entry gives its id, which a move needs
		}
		items = append(items, folderChoice{f.ID, textsafe.Line(f.Name)}) // from config.toml (issue 18 §5)
	}
	p := &FolderPicker{c: c, ids: ids, current: current, items: items}
	for i, it := range items {
		if it.id != current {
			p.list.Cursor = i
			break
		}
	}
	return p
}

// SetSize implements Dialog.
func (p *FolderPicker) SetSize(w, h int) { p.width = boxWidth(w) }

// Update implements Dialog.
func (p *FolderPicker) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	k := p.c.Keys
	if p.list.Navigate(km, &k, len(p.items), len(p.items)) {
		return nil, nil
	}
	switch {
	case key.Matches(km, k.DialogCancel):
		return action.Close{}, nil
	case key.Matches(km, k.DialogConfirm):
		return action.Move{ResumeIDs: p.ids, Folder: p.items[p.list.Cursor].id}, nil
	}
	for i, b := range p.folderKeys() {
		if key.Matches(km, b) {
			return action.Move{ResumeIDs: p.ids, Folder: p.items[i].id}, nil
		}
	}
	return nil, nil
}

// folderKeys are the main screen's folder keys, in the order of the first
// items (inbox, considered, invited, refused).
func (p *FolderPicker) folderKeys() []key.Binding {
	k := p.c.Keys
	return []key.Binding{k.FolderInbox, k.FolderConsidered, k.FolderInvited, k.FolderRefused}
}

// View implements Dialog.
func (p *FolderPicker) View() string {
	st := p.c.Styles
	var body []string
	keys := p.folderKeys()
	labelWidth := 1
	for _, b := range keys {
		labelWidth = max(labelWidth, ansi.StringWidth(keyLabel(b)))
	}
	for i, it := range p.items {
		label := ""
		if i < len(keys) {
			label = keyLabel(keys[i])
		}
		line := fmt.Sprintf(" %s  %s", common.Fit(label, labelWidth, ""), it.name)
		if it.id == p.current {
			line += "  ·"
		}
		switch {
		case i == p.list.Cursor:
			line = st.List.Selected.Render(p.c.Fit(line, innerWidth(p.c, p.width)))
		case it.id == p.current:
			line = st.Muted.Render(line)
		}
		body = append(body, line)
	}
	k := p.c.Keys
	hint := keyLabel(k.DialogConfirm) + " · " + keyLabel(keys[0]) + "–" + keyLabel(keys[len(keys)-1]) + " · " + keyLabel(k.DialogCancel)
	return frame(p.c, p.width, title(p.c, p.c.Text.Dialogs.Move, p.ids, p.about), body, hint)
}

// title names the dialog and what it acts on: how many resumes, or the
// one applicant's name (about) when the root gave it.
func title(c *common.Common, name string, ids []int64, about string) string {
	switch {
	case len(ids) > 1:
		return name + " — " + fmt.Sprintf(c.Text.Dialogs.Bulk, len(ids))
	case about != "":
		return name + " — " + textsafe.Line(about)
	}
	return name
}
