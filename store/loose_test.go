package store

import (
	"encoding/json"
	"testing"
)

// The service sends numbers as strings, objects as null and dictionary
// values as {id, title} at will: every shape reads without an error, and an
// odd one reads as empty.
func TestLooseShapes(t *testing.T) {
	for _, c := range []struct {
		raw             string
		present         bool
		str, title, key string
		n               int64
		truth           bool
	}{
		{`"  Москва \u001b[31m"`, true, "Москва", "Москва", "Москва \x1b[31m", 0, false},
		{`250000`, true, "250000", "250000", "250000", 250000, false},
		{`"250000"`, true, "250000", "250000", "250000", 250000, false},
		{`"12.7"`, true, "12.7", "12.7", "12.7", 12, false},
		{`true`, true, "true", "true", "1", 0, true},
		{`1`, true, "1", "1", "1", 1, true},
		{`{"id":4,"title":"Москва"}`, true, "", "Москва", "4", 0, false},
		{`{"title":null}`, true, "", "", "", 0, false},
		{`[1,2]`, true, "", "", "", 0, false},
		{`null`, false, "", "", "", 0, false},
	} {
		var l Loose
		if err := json.Unmarshal([]byte(c.raw), &l); err != nil {
			t.Fatalf("%s: %v", c.raw, err)
		}
		if l.Present() != c.present || l.Str() != c.str || l.Title() != c.title || l.Key() != c.key || l.Int() != c.n || l.True() != c.truth {
			t.Errorf("%s: present %v str %q title %q key %q int %d true %v", c.raw, l.Present(), l.Str(), l.Title(), l.Key(), l.Int(), l.True())
		}
	}
}

func TestResumeDocOddShapes(t *testing.T) {
	d := EntryDetail{RawJSON: []byte(`{"id":1,"lastname":"Иванова","payment":null,"work_history":[null,"x",{"name":"ООО","yearbeg":"2020"}],
		"languages":[null,[{"title":"Английский"},{"title":"B2"}],"немецкий"],"social_links":[{"title":"tg","link":"@a"},"https://x"],
		"metro":{"title":"not a list"},"new_field":{"a":1},"comments":[1]}`)}
	r := d.Doc()
	if r.LastName.Str() != "Иванова" || r.Payment.Present() {
		t.Errorf("scalars: %+v", r)
	}
	if len(r.WorkHistory) != 1 || r.WorkHistory[0].Name.Str() != "ООО" || r.WorkHistory[0].YearBeg.Int() != 2020 {
		t.Errorf("work history: %+v", r.WorkHistory)
	}
	if len(r.Languages) != 3 || r.Languages[1].Level.Title() != "B2" || r.Languages[2].Language.Title() != "немецкий" {
		t.Errorf("languages: %+v", r.Languages)
	}
	if len(r.SocialLinks) != 2 || r.SocialLinks[0].Title.Str() != "tg" || !r.SocialLinks[1].Bare {
		t.Errorf("social links: %+v", r.SocialLinks)
	}
	if len(r.Metro) != 0 {
		t.Errorf("an object where a list belongs read as %+v", r.Metro)
	}
	if _, ok := r.Other["new_field"]; !ok || len(r.Other) != 1 {
		t.Errorf("other keys: %v (ids and comments are left out, new ones kept)", r.Other)
	}
	for _, raw := range []string{``, `null`, `[]`, `"x"`, `{`} {
		if r := (EntryDetail{RawJSON: []byte(raw)}).Doc(); r.Name.Present() || len(r.Other) != 0 {
			t.Errorf("%q: %+v", raw, r)
		}
	}
}
