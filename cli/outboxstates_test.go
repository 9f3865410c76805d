package cli

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/fakeapi"
	"hrdesk/store"
	"hrdesk/views/outbox"
)

// One vocabulary for the outbox's states (issue 28 §5): `hrdesk outbox`
// and the outbox screen name each action's state alike, a held letter's
// countdown too, in English and in Russian; and what kept an action back
// reads as the classifier's words in the profile's language, not Go's
// English transport errors, which only `--json` keeps (issue 28 §6).
func TestOutboxAndItsScreenNameEachStateAlike(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "ru"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			e.setConfig(`language = "` + lang + `"`)
			e.login()
			if code, _, errs := e.run("", "sync"); code != 0 {
				t.Fatal(errs)
			}
			a, st, w := profileWorkspace(t, e)
			ctx := context.Background()
			b := w.Backend(nil)
			ids := e.srv.OwnResumeIDs(0)
			if len(ids) < 5 {
				t.Fatalf("the fake's inbox: %v", ids)
			}
			queue := func(ac store.Action) int64 {
				t.Helper()
				id, err := st.Enqueue(ctx, ac)
				if err != nil {
					t.Fatal(err)
				}
				return id
			}
			move := func(resume int64) store.Action {
				return store.Action{ResumeID: resume, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderConsidered}}
			}
			// Refused: the resume is gone from the site.
			e.srv.Hide(ids[0])
			queue(move(ids[0]))
			b.Push(ctx)
			// Unknown: a letter whose answer was dropped.
			queue(store.Action{ResumeID: ids[1], Kind: store.ActionMailTo, Payload: store.ActionPayload{Email: "boss@example.com", Body: "Посмотрите"}})
			e.srv.SetFaults(fakeapi.Faults{Rate: 1, Kinds: []fakeapi.FaultKind{fakeapi.FaultDrop}})
			b.Push(ctx)
			e.srv.SetFaults(fakeapi.Faults{})
			// Waiting: the push met a service that cannot be reached.
			e.srv.SetOffline(true)
			waiting := queue(move(ids[2]))
			b.Push(ctx)
			// Held in its undo window, and one being sent.
			held := move(ids[3])
			// Held for four minutes (send_delay's most is five): far more
			// than the steps below take, so it is held in both.
			held.NotBefore = time.Now().Add(4 * time.Minute)
			queue(held)
			sending := queue(move(ids[4]))
			if err := st.MarkInFlight(ctx, sending); err != nil {
				t.Fatal(err)
			}
			if ac, err := st.Action(ctx, waiting); err != nil || ac.State != store.StatePending || ac.Error == "" {
				t.Fatalf("the move pushed offline: %+v %v", ac, err)
			}

			_, out, errs := e.run("", "outbox")
			cliStates := outboxColumn(out, 1)
			c, _, err := a.uiCommon()
			if err != nil {
				t.Fatal(err)
			}
			m := outbox.New(c, nil)
			entries, err := st.OutboxEntries(ctx)
			if err != nil {
				t.Fatal(err)
			}
			m.SetEntries(entries)
			m.SetSize(160, 30)
			screen := ansi.Strip(m.View())
			rows := strings.Split(screen, "\n")
			if len(cliStates) != 5 || len(rows) < 2+len(cliStates) {
				t.Fatalf("five actions: hrdesk outbox shows %q (%s)\nthe screen:\n%s", cliStates, errs, screen)
			}
			digits := regexp.MustCompile(`[0-9]+`)
			seen := map[string]bool{}
			for i, word := range cliStates {
				word = digits.ReplaceAllString(word, "N")
				seen[word] = true
				row := digits.ReplaceAllString(strings.TrimSpace(rows[2+i]), "N")
				if !strings.HasPrefix(row, word+" ") {
					t.Errorf("action %d: hrdesk outbox says %q, the screen %q", i+1, word, row)
				}
			}
			if len(seen) != 5 {
				t.Errorf("five states in five words: %q", cliStates)
			}
			o := c.Text.Outbox
			for _, want := range []string{o.WhyOffline, o.WhyLost} {
				if !strings.Contains(out, want) || !strings.Contains(screen, want) {
					t.Errorf("%q missing:\nhrdesk outbox:\n%s\nthe screen:\n%s", want, out, screen)
				}
			}
			for _, english := range []string{"EOF", "POST", "Post ", "HTTP", "127.0.0.1", "["} {
				if strings.Contains(out, english) || strings.Contains(screen, english) {
					t.Errorf("%q in the outbox:\nhrdesk outbox:\n%s\nthe screen:\n%s", english, out, screen)
				}
			}
			// --json keeps the error whole, as it always did.
			_, out, _ = e.run("", "outbox", "--json")
			var listed []outboxJSON
			if err := json.Unmarshal([]byte(out), &listed); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			for _, ac := range listed {
				if ac.ID == waiting && (!strings.Contains(ac.Message, "/2.0/") || strings.HasPrefix(ac.Message, "[")) {
					t.Errorf("--json's message of the move pushed offline: %q", ac.Message)
				}
			}
		})
	}
}

// outboxColumn is column i of `hrdesk outbox`'s rows (tabwriter's columns
// are two spaces or more apart; a word inside a cell has one).
func outboxColumn(table string, i int) []string {
	lines := strings.Split(strings.TrimRight(table, "\n"), "\n")
	var col []string
	for _, l := range lines[min(1, len(lines)):] {
		cells := regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(l), -1)
		if i < len(cells) {
			col = append(col, cells[i])
		}
	}
	return col
}
