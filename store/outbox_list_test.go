package store

import (
	"slices"
	"strings"
	"testing"
)

// The outbox screen lists what is left to see through, with the
// applicant's name, and nothing done, cancelled or dismissed.
func TestOutboxEntriesListWhatIsLeft(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2))

	pending := enqueue(t, s, move(1, FolderConsidered))
	failed := enqueue(t, s, move(2, FolderInvited))
	// One resume each: a resume's actions leave one after another.
	dismissed := enqueue(t, s, move(4, FolderRefused))
	done := enqueue(t, s, move(5, FolderInvited))
	cancelled := enqueue(t, s, move(6, FolderConsidered))
	unknown := enqueue(t, s, Action{ResumeID: 3, Kind: ActionInvite, Payload: ActionPayload{TemplateID: 7}})
	for _, step := range []struct {
		id  int64
		end func(int64) error
	}{
		{failed, func(id int64) error { return s.MarkFailed(ctx, id, "folder is closed") }},
		{dismissed, func(id int64) error { return s.MarkFailed(ctx, id, "no") }},
		{done, func(id int64) error { return s.MarkDone(ctx, id) }},
		{unknown, func(id int64) error { return s.MarkUnknown(ctx, id, "timeout") }},
	} {
		if err := s.MarkInFlight(ctx, step.id); err != nil {
			t.Fatalf("in flight %d: %v", step.id, err)
		}
		if err := step.end(step.id); err != nil {
			t.Fatalf("end %d: %v", step.id, err)
		}
	}
	if err := s.Dismiss(ctx, dismissed); err != nil {
		t.Fatal(err)
	}
	if err := s.Cancel(ctx, cancelled); err != nil {
		t.Fatal(err)
	}

	got, err := s.OutboxEntries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, e := range got {
		ids = append(ids, e.ID)
	}
	if want := []int64{pending, failed, unknown}; !slices.Equal(ids, want) {
		t.Fatalf("listed %v, want %v (pending, failed, unknown; not done, cancelled or dismissed)", ids, want)
	}
	if !strings.Contains(got[0].DisplayName, "Петров1") || got[0].State != StatePending {
		t.Errorf("pending entry %+v", got[0])
	}
	if got[1].Error != "folder is closed" || got[1].State != StateFailed {
		t.Errorf("failed entry keeps the server's message: %+v", got[1])
	}
	if got[2].DisplayName != "" || got[2].ResumeID != 3 || got[2].Payload.TemplateID != 7 {
		t.Errorf("an action on a resume the cache lacks: %+v", got[2])
	}
}
