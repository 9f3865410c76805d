package dialogs

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// FolderPicker chooses the folder to move resumes to: j/k and enter, or
// the folder's digit.
type FolderPicker struct {
	c       *common.Common
	ids     []int64
	current string
	items   []folderChoice
	cursor  int
	width   int
}

type folderChoice struct{ id, name string }

// NewFolderPicker opens the move dialog for ids, which are in current.
func NewFolderPicker(c *common.Common, ids []int64, current string) *FolderPicker {
	t := c.Text.Folders
	items := []folderChoice{{store.FolderInbox, t.Inbox}, {store.FolderConsidered, t.Considered},
		{store.FolderInvited, t.Invited}, {store.FolderRefused, t.Refused}}
	for _, f := range c.UserFolders {
		items = append(items, folderChoice{f.ID, f.Name})
	}
	p := &FolderPicker{c: c, ids: ids, current: current, items: items}
	for i, it := range items {
		if it.id != current {
			p.cursor = i
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
	if d, ok := common.Move(km, &k, len(p.items)); ok {
		p.cursor = max(min(p.cursor+d, len(p.items)-1), 0)
		return nil, nil
	}
	switch {
	case key.Matches(km, k.DialogCancel):
		return action.Close{}, nil
	case key.Matches(km, k.DialogConfirm):
		return action.Move{ResumeIDs: p.ids, Folder: p.items[p.cursor].id}, nil
	default:
		s := km.String()
		if len(s) == 1 && s[0] >= '1' && s[0] <= '9' {
			if i := int(s[0] - '1'); i < len(p.items) {
				return action.Move{ResumeIDs: p.ids, Folder: p.items[i].id}, nil
			}
		}
	}
	return nil, nil
}

// View implements Dialog.
func (p *FolderPicker) View() string {
	st := p.c.Styles
	var body []string
	for i, it := range p.items {
		line := fmt.Sprintf(" %d  %s", i+1, it.name)
		if it.id == p.current {
			line += "  ·"
		}
		switch {
		case i == p.cursor:
			line = st.List.Selected.Render(common.Fit(line, boxWidth(p.width)-8, "…"))
		case it.id == p.current:
			line = st.Muted.Render(line)
		}
		body = append(body, line)
	}
	return frame(p.c, p.width, title(p.c, p.c.Text.Dialogs.Move, p.ids), body, "enter · 1–9 · esc")
}

// title names the dialog and, for several resumes, how many.
func title(c *common.Common, name string, ids []int64) string {
	if len(ids) > 1 {
		return name + " — " + fmt.Sprintf(c.Text.Dialogs.Bulk, len(ids))
	}
	return name
}
