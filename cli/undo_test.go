package cli

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/ui"
)

// Issue 28 §2 through the real backend and the fake service: `l` by
// mistake, online, leaves at once; u (said "nothing to undo") now moves
// the resume back, and the service holds it in its inbox again.
func TestUndoOfASentLaterReachesTheService(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	a, st, w := profileWorkspace(t, e)
	c, opts, err := a.uiCommon()
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(a.profile().Scoped(st), w.Backend(nil), ui.Options{Common: c, ThemeOptions: opts, MeterEvery: -1,
		DetailDelay: -1})
	drain(t, m, m.Init())
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	drain(t, m, cmd)
	id := firstInbox(t, st)
	keys(t, m, "l")
	if status, _, _ := e.srv.Folder(id); status != 20 {
		t.Fatalf("after l the service has resume %d in status %d, want considered (20)", id, status)
	}
	keys(t, m, "u")
	if status, folder, _ := e.srv.Folder(id); status != 0 || folder != "" {
		t.Errorf("after u the service has resume %d in status %d (folder %q), want the inbox (0)", id, status, folder)
	}
	if v := ansi.Strip(m.View().Content); !strings.Contains(v, "moved back: 1 → Inbox") {
		t.Errorf("the status line does not say the move back:\n%s", v)
	}
	// A sync agrees: the resume is in the inbox, the outbox is empty.
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	if d, err := st.Entry(t.Context(), id); err != nil || d.Folder != store.FolderInbox {
		t.Errorf("after a sync resume %d is in %q (%v), want the inbox", id, d.Folder, err)
	}
	if n, _ := st.OutboxCounts(t.Context()); n.Pending+n.Failed+n.Unknown != 0 {
		t.Errorf("the outbox keeps %+v", n)
	}
}
