package resume

import (
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/common"
)

// fixedNow and newCommon are panetest's, shared by every pane's tests.
var (
	fixedNow  = panetest.Now
	newCommon = panetest.Common
)

// fixture loads testdata/<name>.json as a cached entry.
func fixture(t testing.TB, name string) store.EntryDetail {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	d := store.EntryDetail{RawJSON: raw}
	switch name {
	case "full":
		d.ResumeID, d.DisplayName, d.Profession = 48213377, "Кузнецов Алексей", "Ведущий менеджер по продажам B2B"
	case "minimal":
		d.ResumeID, d.Profession = 1001, "Курьер"
	case "hostile":
		d.ResumeID, d.DisplayName, d.Profession = 666, "\x1b[31mevil\x1b]52;c;eA==\x07", "\x1b[2J**x**"
	}
	return d
}

var fixtures = []string{"full", "minimal", "hostile"}

// settle runs cmd (a render) and feeds its message back, as the program would.
func settle(t testing.TB, m *Model, cmd tea.Cmd) {
	t.Helper()
	panetest.Settle(t, m, cmd)
}

// loaded is a pane of w×h showing the named fixture, fully rendered.
func loaded(t testing.TB, c *common.Common, name string, w, h int) *Model {
	t.Helper()
	m := New(c)
	m.SetSize(w, h)
	settle(t, m, m.SetResume(fixture(t, name)))
	return m
}

func storeDetail(id int64, raw []byte) store.EntryDetail {
	return store.EntryDetail{EntryRow: store.EntryRow{ResumeID: id}, RawJSON: raw}
}
