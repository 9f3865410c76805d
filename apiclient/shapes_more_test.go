package apiclient

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// Answers of 4.7 (buy, open) in every combination of status, resume and
// error the service sends, and the small readers of section 2's objects.

func TestContactsAnswersOneByOne(t *testing.T) {
	for _, c := range []struct {
		body   string
		failed bool
		id     FlexInt
		label  string
	}{
		{`{"status":true,"resume":{"id":6}}`, false, 6, ""},
		{`{"resume":{"id":6}}`, false, 6, ""},                                                // no status, but the resume
		{`{"status":true,"resume":null}`, false, 0, ""},                                      // said done, nothing to show
		{`{"status":"1","error":{"code":0,"message":"","data":{"error":""}}}`, false, 0, ""}, // an empty error object
		{`{}`, true, 0, ""},
		{`{"resume":null}`, true, 0, ""},
		{`{"status":false,"resume":{"id":6}}`, true, 0, ""},
		{`{"status":true,"resume":{"id":6},"error":{"message":"later"}}`, true, 0, ""},
		{`{"status":true,"error":{"code":429}}`, true, 0, ""},
		{`{"status":true,"error":{"data":{"error":"need_to_buy_first"}}}`, true, 0, "need_to_buy_first"},
	} {
		var b contactsBody
		if err := json.Unmarshal([]byte(c.body), &b); err != nil {
			t.Fatal(err)
		}
		r, err := b.result(9)
		var ce *ContactsError
		if got := errors.As(err, &ce); got != c.failed || r.ID != c.id {
			t.Errorf("%s: resume %d, err %v; want failed %v, resume %d", c.body, r.ID, err, c.failed, c.id)
			continue
		}
		if c.failed && (ce.ResumeID != 9 || ce.Label != c.label) {
			t.Errorf("%s: %+v", c.body, ce)
		}
	}
}

func TestTownForms(t *testing.T) {
	for in, want := range map[string]Town{
		`{"id":4,"title":"Москва","genitive":"Москвы"}`: {ID: 4, Title: "Москва", Genitive: "Москвы"},
		`{"id":"4","title":5}`: {ID: 4, Title: "5"},
		`"Москва"`:             {Title: "Москва"},
		`4`:                    {ID: 4},
		`null`:                 {},
	} {
		tw := Town{ID: 1, Title: "old"}
		if err := json.Unmarshal([]byte(in), &tw); err != nil || tw != want {
			t.Errorf("Town %s = %+v (%v), want %+v", in, tw, err, want)
		}
	}
	// Called directly (as the Flex types may be), nothing at all is no town,
	// not an index out of range.
	for _, in := range []string{``, ` `, "\n\t"} {
		tw := Town{ID: 1, Title: "old"}
		if err := tw.UnmarshalJSON([]byte(in)); err != nil || tw != (Town{}) {
			t.Errorf("Town %q = %+v (%v), want none", in, tw, err)
		}
	}
}

// The name shown for a resume: its parts when any is present, else name.
func TestAResumesFullName(t *testing.T) {
	for _, c := range []struct {
		r    Resume
		want string
	}{
		{Resume{LastName: "Иванова", FirstName: " Анна ", MiddleName: "Петровна", Name: "А. И."}, "Иванова Анна Петровна"},
		{Resume{FirstName: "Анна", Name: "А. И."}, "Анна"},
		{Resume{LastName: " ", Name: " А. И. "}, "А. И."},
		{Resume{}, ""},
	} {
		if got := c.r.FullName(); got != c.want {
			t.Errorf("%q %q %q, name %q: FullName %q, want %q", c.r.LastName, c.r.FirstName, c.r.MiddleName, c.r.Name, got, c.want)
		}
	}
}

// The user's name as best known: name, else first and last, else email
// (around the parts, a space is no part of the name).
func TestAUsersDisplayName(t *testing.T) {
	for _, c := range []struct {
		u    User
		want string
	}{
		{User{Name: "Анна", FirstName: "А", LastName: "И", Email: "a@b"}, "Анна"},
		{User{FirstName: "Анна", LastName: "Иванова", Email: "a@b"}, "Анна Иванова"},
		{User{FirstName: "Анна", Email: "a@b"}, "Анна"},
		{User{LastName: "Иванова", Email: "a@b"}, "Иванова"},
		{User{Email: "a@b"}, "a@b"},
	} {
		if got := c.u.DisplayName(); strings.TrimSpace(got) != c.want {
			t.Errorf("name %q, first %q, last %q, email %q: DisplayName %q, want %q", c.u.Name, c.u.FirstName, c.u.LastName, c.u.Email, got, c.want)
		}
	}
}

func TestResumeContactsAndSalary(t *testing.T) {
	for body, want := range map[string]bool{
		`{"id":1}`:                        false,
		`{"phone1":"+7"}`:                 true,
		`{"phone2":"+7"}`:                 true,
		`{"email":"a@b"}`:                 true,
		`{"other_contacts":"tg"}`:         true,
		`{"contacts_bought":1}`:           true,
		`{"social_links":[{"x":1}]}`:      true,
		`{"social_links":[],"phone1":""}`: false,
	} {
		var r Resume
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			t.Fatal(err)
		}
		if r.HasContacts() != want {
			t.Errorf("%s: HasContacts %v", body, !want)
		}
	}
	for pay, known := range map[string]bool{`0`: false, `1`: true, `"50000"`: true, `null`: false} {
		var r Resume
		_ = json.Unmarshal([]byte(`{"payment":`+pay+`}`), &r)
		if _, ok := r.Salary(); ok != known {
			t.Errorf("payment %s: known %v", pay, ok)
		}
	}
}
