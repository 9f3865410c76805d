package ui

import (
	"context"
	"errors"
	"fmt"
	"hrdesk/problem"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/session/feed"
	"hrdesk/store"
	"hrdesk/views/statusbar"
)

// arrive puts n new responses in the inbox, newer than every fixture entry,
// as a poll that fetched them would.
func arrive(t *testing.T, st *store.Store, n int) {
	t.Helper()
	var batch []store.Entry
	for i := range n {
		at := testNow.Add(time.Duration(i+1) * time.Minute)
		batch = append(batch, store.Entry{ResumeID: int64(9000 + i), Scope: store.ScopeMine, Folder: store.FolderInbox, IsNew: true,
			FirstName: "Иван", LastName: fmt.Sprintf("Новый%d", i), Profession: "Курьер", LastEventAt: at,
			Events: []store.Event{{Type: 10, DateEvent: at}}, RawJSON: []byte(fmt.Sprintf(`{"id":%d}`, 9000+i))})
	}
	if err := st.UpsertEntries(context.Background(), batch); err != nil {
		t.Fatal(err)
	}
}

// Issue 12 §3: a poll that brought new responses shows them with no key
// pressed: the list, the inbox count and a notice; the cursor stays on the
// resume the recruiter is reading; the model listens for the next poll.
func TestPollShowsNewResponses(t *testing.T) {
	st := fixture(t, 40)
	m, b := newModel(t, st, 140, 30)
	if !slices.Contains(b.waits, 0) {
		t.Errorf("Init did not listen for polls: %v", b.waits)
	}
	press(t, m, "j", "j")
	reading := m.triage.Shown()
	before := screen(m)
	if !strings.Contains(before, "Inbox              20") {
		t.Fatalf("the fixture's inbox:\n%s", before)
	}
	arrive(t, st, 3)
	send(t, m, feed.PolledMsg{Seq: 7, At: testNow, Arrived: 3, Changed: true})
	out := screen(m)
	for _, want := range []string{"Новый0 Иван", "Новый2 Иван", "Inbox              23", "3 new in Inbox", "Inbox · 23 resumes"} {
		if !strings.Contains(out, want) {
			t.Errorf("after the poll no %q:\n%s", want, out)
		}
	}
	if r, _ := m.triage.List().Selected(); r.ResumeID != reading || m.triage.Shown() != reading {
		t.Errorf("the cursor moved off resume %d to %d (detail %d)", reading, r.ResumeID, m.triage.Shown())
	}
	if b.waits[len(b.waits)-1] != 7 {
		t.Errorf("after poll 7 the model waits after %v", b.waits)
	}
	// A key clears the notice, as any answer to a key.
	press(t, m, "j")
	if strings.Contains(screen(m), "3 new in Inbox") {
		t.Error("the notice outlived the next key")
	}
}

// The poll's outcome is the bar's online or offline, through the one
// classifier; while offline the session polls early by itself (its outage
// probe), and the next good poll says online.
func TestPollTellsOnlineFromOffline(t *testing.T) {
	st := fixture(t, 10)
	m, _ := newModel(t, st, 120, 30)
	m.opts.Explain = func(error) problem.Problem { return problem.Problem{Kind: problem.Offline} }
	send(t, m, feed.PolledMsg{Seq: 1, Err: errors.New("dial tcp: connection refused")})
	if line := statusLine(m); !strings.HasPrefix(line, "offline") || !strings.Contains(line, "server unreachable") {
		t.Errorf("a failed poll: %q", line)
	}
	send(t, m, feed.PolledMsg{Seq: 2, At: testNow})
	if line := statusLine(m); !strings.HasPrefix(line, "online") || strings.Contains(line, "unreachable") {
		t.Errorf("the next poll reached the server: %q", line)
	}
}

// notify = "bell" or "osc9" sends the terminal its sequence with a new
// response, and nothing without one; "off" sends nothing.
func TestPollNotifiesTheTerminal(t *testing.T) {
	st := fixture(t, 10)
	for notify, want := range map[Notify]string{NotifyBell: "\a", NotifyOSC9: "\x1b]9;hrdesk: 1 new in Inbox\x07", NotifyOff: ""} {
		m, _ := newModel(t, st, 100, 24)
		m.opts.Notify = notify
		raw := func(msg feed.PolledMsg) []string {
			_, cmd := m.Update(msg)
			var got []string
			for _, msg := range collect(cmd) {
				if r, ok := msg.(tea.RawMsg); ok {
					got = append(got, fmt.Sprint(r.Msg))
				}
			}
			return got
		}
		if got := raw(feed.PolledMsg{Seq: 1, Changed: true}); len(got) != 0 {
			t.Errorf("%v: a poll with nothing new sent %q", notify, got)
		}
		got := raw(feed.PolledMsg{Seq: 2, Arrived: 1, Changed: true})
		if want == "" && len(got) != 0 || want != "" && !slices.Equal(got, []string{want}) {
			t.Errorf("%v: sent %q, want %q", notify, got, want)
		}
	}
}

// collect runs cmd's batch (not what the messages lead to) and returns the
// messages, skipping commands that do not answer soon.
func collect(cmd tea.Cmd) []tea.Msg {
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := settle(c).(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			out = append(out, msg)
		}
	}
	return out
}

// A sync waiting out a rate limit says so on the bar, and stops saying it
// when it goes on.
func TestSyncWaitShownOnTheBar(t *testing.T) {
	st := fixture(t, 10)
	m, _ := newModel(t, st, 120, 30)
	m.status.Update(statusbar.SyncStarted{})
	ch := make(chan SyncProgress, 1)
	close(ch)
	send(t, m, syncProgressMsg{p: SyncProgress{Done: 100, Total: 400, Waiting: 40 * time.Second, WaitingFor: problem.RateLimited}, ch: ch})
	if line := statusLine(m); !strings.Contains(line, "syncing… 100/400  •  waiting for the rate limit, ~40 s") {
		t.Errorf("waiting: %q", line)
	}
	send(t, m, syncProgressMsg{p: SyncProgress{Done: 120, Total: 400}, ch: ch})
	if line := statusLine(m); strings.Contains(line, "waiting") || !strings.Contains(line, "120/400") {
		t.Errorf("going on: %q", line)
	}
}
