package store

import (
	"context"
	"testing"
)

func TestSetResumeContacts(t *testing.T) {
	s, _ := openTest(t)
	e := entry(7, FolderInbox, 1)
	e.FirstName, e.LastName, e.MiddleName = "", "", ""
	mustUpsert(t, s, e)
	ctx := context.Background()
	if err := s.SetResumeContacts(ctx, 7, []byte(`{"id":7,"phone1":"+7 900"}`), "Анна", "Петрова", "\x1b[31mИ"); err != nil {
		t.Fatal(err)
	}
	d, err := s.Entry(ctx, 7)
	if err != nil {
		t.Fatal(err)
	}
	if !d.ContactsBought || string(d.RawJSON) != `{"id":7,"phone1":"+7 900"}` || d.DisplayName == "" || d.MiddleName != "И" {
		t.Errorf("after contacts: %+v", d)
	}
	if got := list(t, s, ListQuery{Search: "петрова"}); len(got) != 1 {
		t.Errorf("the new name is not searchable: %v", got)
	}
	if err := s.SetResumeContacts(ctx, 99, []byte(`{}`), "", "", ""); err == nil {
		t.Error("unknown resume accepted")
	}
}
