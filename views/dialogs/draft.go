package dialogs

import (
	"fmt"
	"time"

	"hrdesk/views/action"
	"hrdesk/views/common"
)

// Drafter is a dialog that holds text the recruiter types (issue 26 §6).
// When it closes, for whatever reason, the root asks it: keep says there is
// text worth keeping (kept as the draft of key, or, once it is sent,
// forgotten); otherwise the draft of key, if any, goes. The dialog looks
// its draft up itself when it opens (common.Drafts) and offers it back.
type Drafter interface {
	Draft() (key string, d action.Draft, keep bool)
}

// draftLine says where the text shown came from: a draft written at, and
// the key that throws it away. Empty when no draft was offered.
func draftLine(c *common.Common, at time.Time) string {
	if at.IsZero() {
		return ""
	}
	k := c.Keys.DialogDiscard
	return c.Styles.Muted.Render(fmt.Sprintf(c.Text.Dialogs.DraftFrom, c.Text.DateTime(at, c.Now()), keyLabel(k)))
}

// cancelHint is esc's part of a dialog's hint: cancel, or, once something
// was typed, keep it as a draft (with the key that discards it instead).
func cancelHint(c *common.Common, edited bool) string {
	k, b := c.Keys, c.Text.Buttons
	if !edited {
		return keyLabel(k.DialogCancel) + " " + b.Cancel
	}
	return keyLabel(k.DialogCancel) + " " + b.KeepDraft + hintSep + keyLabel(k.DialogDiscard) + " " + b.Discard
}
