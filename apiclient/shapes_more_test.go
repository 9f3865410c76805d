package apiclient

import (
	"encoding/json"
	"errors"
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
