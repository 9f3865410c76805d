package apiclient

import (
	"encoding/json"
	"testing"
	"time"
)

// Every form a loose value arrives in (real-world notes), one by one: a
// form read as another value is a wrong salary, a flag turned over, or a
// message lost.

func TestFlexIntForms(t *testing.T) {
	for in, want := range map[string]FlexInt{
		`42`: 42, `-4`: -4, `"17"`: 17, `" 5 "`: 5, `3.9`: 3, `"12.5"`: 12, `true`: 1, `false`: 0,
		`null`: 0, ` `: 0, `"x"`: 0, `"\q"`: 0, `[1]`: 0, `{}`: 0,
	} {
		f := FlexInt(99)
		if err := f.UnmarshalJSON([]byte(in)); err != nil || f != want {
			t.Errorf("FlexInt %s = %d (%v), want %d", in, f, err, want)
		}
	}
}

func TestFlexBoolForms(t *testing.T) {
	for in, want := range map[string]bool{
		`true`: true, `"TRUE"`: true, `"yes"`: true, `"Y"`: true, `1`: true, `"1"`: true, `2`: true, `-1`: true, `0.5`: true,
		`false`: false, `0`: false, `"0"`: false, `0.0`: false, `null`: false, `""`: false, `"no"`: false, `{}`: false,
	} {
		f := FlexBool(!want)
		if err := f.UnmarshalJSON([]byte(in)); err != nil || bool(f) != want {
			t.Errorf("FlexBool %s = %v (%v), want %v", in, f, err, want)
		}
	}
}

func TestFlexStringForms(t *testing.T) {
	for in, want := range map[string]string{
		`"plain"`: "plain", `""`: "", `"a\"b"`: `a"b`, `"\u041c"`: "М", `" x "`: " x ", `"`: "",
		`null`: "", ` `: "", `5`: "5", `1.5`: "1.5", `true`: "true", `false`: "false",
		`["one","",2,null,["two"]]`:           "one; 2; two",
		`{"b":"second","a":"first","c":null}`: "a: first; b: second",
		`{"x":{"y":"deep"}}`:                  "x: y: deep",
		`{"broken"`:                           "",
		`"cut off`:                            "", // no closing quote: not a string
	} {
		f := FlexString("old")
		if err := f.UnmarshalJSON([]byte(in)); err != nil || string(f) != want {
			t.Errorf("FlexString %s = %q (%v), want %q", in, f, err, want)
		}
	}
}

func TestUnixTimeForms(t *testing.T) {
	var u UnixTime
	if err := json.Unmarshal([]byte(`"1700000000"`), &u); err != nil || u != 1700000000 {
		t.Errorf("%d %v", u, err)
	}
	if !u.Time().Equal(time.Unix(1700000000, 0)) {
		t.Errorf("Time() = %s", u.Time())
	}
	if !UnixTime(0).Time().IsZero() {
		t.Error("0 is not the zero time")
	}
}

func TestIDTitleForms(t *testing.T) {
	for in, want := range map[string]IDTitle{
		`{"id":3,"title":"Москва"}`: {3, "Москва"},
		`{"id":3,"title":`:          {},
		`"12"`:                      {ID: 12},
		`"Москва"`:                  {Title: "Москва"},
		`7`:                         {ID: 7},
		`null`:                      {},
		` `:                         {},
	} {
		d := IDTitle{ID: 1, Title: "old"}
		if err := d.UnmarshalJSON([]byte(in)); err != nil || d != want {
			t.Errorf("IDTitle %s = %+v (%v), want %+v", in, d, err, want)
		}
	}
}

func TestLooseUnmarshalKeepsWhatDecodes(t *testing.T) {
	var v struct {
		A int    `json:"a"`
		B string `json:"b"`
	}
	if err := looseUnmarshal([]byte(`{"a":"not a number","b":"kept"}`), &v); err != nil || v.B != "kept" || v.A != 0 {
		t.Errorf("%+v %v", v, err)
	}
	if err := looseUnmarshal([]byte(`{"a":`), &v); err == nil {
		t.Error("a cut body decodes")
	}
}
