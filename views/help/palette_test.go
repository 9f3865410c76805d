package help

import (
	"fmt"
	"testing"

	"hrdesk/keymap"
	"hrdesk/views/common"
)

// Help says the palette exists, on its key as the keymap has it, in the
// recruiter's language (issue 31 §1).
func TestHelpSaysThePaletteExists(t *testing.T) {
	helpSays(t, "palette", func(c *common.Common, k keymap.KeyMap) string {
		return fmt.Sprintf(c.Text.Palette().HelpLine, k.Palette.Help().Key)
	})
}
