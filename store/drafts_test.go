package store

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A draft outlives the process: saved, closed, opened again, it is there;
// saved again it is replaced; deleted it is gone.
func TestDraftsSurviveReopening(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	s, _ := openAt(t, path)
	at := time.Date(2026, 11, 27, 10, 42, 0, 0, time.UTC)
	for _, d := range []Draft{{Key: "invite:1042", Body: `{"body":"first"}`, SavedAt: at},
		{Key: "comment_add:7", Body: `{"body":"note"}`, SavedAt: at.Add(time.Minute)},
		{Key: "invite:1042", Body: `{"body":"second"}`, SavedAt: at.Add(2 * time.Minute)}} {
		if err := s.SaveDraft(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s, _ = openAt(t, path)
	got, err := s.Drafts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Key != "invite:1042" || got[0].Body != `{"body":"second"}` ||
		!got[0].SavedAt.Equal(at.Add(2*time.Minute)) || got[1].Key != "comment_add:7" {
		t.Fatalf("drafts after reopening: %+v", got)
	}
	if err := s.DeleteDraft(ctx, "invite:1042"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Drafts(ctx); len(got) != 1 || got[0].Key != "comment_add:7" {
		t.Fatalf("after delete: %+v", got)
	}
}

// A draft over the bound is refused when saved and skipped when read (a
// row written by something else), so a start never reads a huge row.
func TestDraftsAreBounded(t *testing.T) {
	s, _ := openTest(t)
	big := strings.Repeat("x", MaxDraftBytes+1)
	if err := s.SaveDraft(ctx, Draft{Key: "invite:1", Body: big}); !errors.Is(err, ErrDraftTooLarge) {
		t.Fatalf("a huge draft: %v", err)
	}
	if _, err := s.w.Exec(`INSERT INTO drafts (key, body, saved_at) VALUES ('x', ?, 1)`, big); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveDraft(ctx, Draft{Key: "invite:2", Body: "{}"}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Drafts(ctx); err != nil || len(got) != 1 || got[0].Key != "invite:2" {
		t.Fatalf("drafts: %+v, %v", got, err)
	}
}

// A draft of exactly MaxDraftBytes is within the bound: saved, and read
// back whole at the next start (the read's bound is the same).
func TestADraftOfExactlyTheBoundIsKept(t *testing.T) {
	s, _ := openTest(t)
	edge := strings.Repeat("я", MaxDraftBytes/2) // two bytes each
	if err := s.SaveDraft(ctx, Draft{Key: "invite:1", Body: edge}); err != nil {
		t.Fatalf("a draft of %d bytes: %v", len(edge), err)
	}
	if got, err := s.Drafts(ctx); err != nil || len(got) != 1 || got[0].Body != edge {
		t.Errorf("read back: %d drafts, %v", len(got), err)
	}
}
