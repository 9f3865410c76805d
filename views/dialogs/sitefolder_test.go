package dialogs

import (
	"strings"
	"testing"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// A folder the site names that config.toml does not has no id: resumes in
// it show under its name, but the move dialog cannot offer it (issue 28 §1).
func TestTheMoveDialogOffersNoSiteFolder(t *testing.T) {
	c := newCommon()
	c.UserFolders = append(c.UserFolders, common.UserFolder{ID: store.SiteFolder("Кадровый резерв"), Name: "Кадровый резерв"})
	p := NewFolderPicker(c, []int64{1}, store.FolderInbox)
	p.SetSize(80, 24)
	if v := p.View(); strings.Contains(v, "Кадровый") || !strings.Contains(v, "Shortlist") {
		t.Errorf("the move dialog:\n%s", v)
	}
	for _, keys := range [][]string{{"j", "j", "j", "j", "enter"}, {"j", "j", "j", "j", "j", "j", "enter"}} {
		p = NewFolderPicker(c, []int64{1}, store.FolderInbox)
		if m, ok := drive(p, keys...).(action.Move); ok {
			if _, site := store.SiteFolderName(m.Folder); site {
				t.Errorf("%v chose the site folder", keys)
			}
		}
	}
}
