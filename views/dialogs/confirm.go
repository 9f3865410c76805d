package dialogs

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
	"hrdesk/views/common"
)

// ConfirmDialog asks yes or no; No is the default, since what it confirms
// may cost money or lose work. Yes returns the action it was asked about.
type ConfirmDialog struct {
	c        *common.Common
	ask      action.Confirm
	yesFocus bool
	width    int
}

// NewConfirmDialog asks ask.Question; yes returns ask.Then.
func NewConfirmDialog(c *common.Common, ask action.Confirm) *ConfirmDialog {
	return &ConfirmDialog{c: c, ask: ask}
}

// Then is the action yes runs.
func (d *ConfirmDialog) Then() action.Action { return d.ask.Then }

// SetSize implements Dialog.
func (d *ConfirmDialog) SetSize(w, h int) { d.width = boxWidth(w) }

// Update implements Dialog.
func (d *ConfirmDialog) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	k := d.c.Keys
	switch {
	case key.Matches(km, k.DialogCancel, k.No):
		return action.Close{}, nil
	case key.Matches(km, k.Yes):
		return d.ask.Then, nil
	case key.Matches(km, k.DialogNext, k.DialogPrev, k.OptionNext, k.OptionPrev):
		d.yesFocus = !d.yesFocus
	case key.Matches(km, k.DialogConfirm):
		if d.yesFocus {
			return d.ask.Then, nil
		}
		return action.Close{}, nil
	}
	return nil, nil
}

// View implements Dialog.
func (d *ConfirmDialog) View() string {
	st := d.c.Styles.Dialog
	inner := d.width - st.Box.GetHorizontalFrameSize()
	var body []string
	for _, w := range common.Wrap(d.ask.Question, inner) {
		body = append(body, st.Warning.Render(w))
	}
	yes, no := st.Button.Render(" "+d.ask.Yes+" "), st.ButtonFocused.Render(" "+d.c.Text.Buttons.Cancel+" ")
	if d.yesFocus {
		yes, no = st.ButtonFocused.Render(" "+d.ask.Yes+" "), st.Button.Render(" "+d.c.Text.Buttons.Cancel+" ")
	}
	body = append(body, "", yes+"  "+no)
	k := d.c.Keys
	return frame(d.c, d.width, d.ask.Title, body, keyLabel(k.Yes)+" / "+keyLabel(k.No)+" · "+keyLabel(k.DialogNext)+" · "+keyLabel(k.DialogConfirm))
}
