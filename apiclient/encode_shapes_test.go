package apiclient

import (
	"net/url"
	"reflect"
	"testing"
)

// The shapes of request values the first encoding tests did not hold: an
// embedded struct, untagged and unexported fields, nil pointers and
// interfaces, unsigned and float numbers, bytes, and url.Values as given.

type EncodedPart struct {
	Town int `form:"town"`
}

func TestEncodeOtherShapes(t *testing.T) {
	var nilPtr *int
	var nilAny any
	seven := 7
	tests := []struct {
		name string
		in   any
		want url.Values
	}{
		{"embedded struct's fields at its level", struct {
			EncodedPart
			Keyword string `form:"keyword"`
		}{EncodedPart{3}, "go"}, url.Values{"town": {"3"}, "keyword": {"go"}}},
		{"untagged field by its name, unexported skipped", struct {
			Page   int
			hidden string
		}{2, "x"}, url.Values{"Page": {"2"}}},
		{"nil pointer and interface send nothing", struct {
			P *int `form:"p"`
			A any  `form:"a"`
			B any  `form:"b"`
		}{nilPtr, nilAny, &seven}, url.Values{"b": {"7"}}},
		{"unsigned, float, bytes", struct {
			U uint16  `form:"u"`
			F float64 `form:"f"`
			B []byte  `form:"b"`
		}{65535, 0.25, []byte("raw")}, url.Values{"u": {"65535"}, "f": {"0.25"}, "b": {"raw"}}},
		{"pointers and interfaces in a slice", struct {
			IDs []any `form:"ids"`
		}{[]any{&seven, 8, nil}}, url.Values{"ids[]": {"7", "8"}}},
		{"array of structs by index", struct {
			Rows [2]EncodedPart `form:"rows"`
		}{[2]EncodedPart{{1}, {2}}}, url.Values{"rows[0][town]": {"1"}, "rows[1][town]": {"2"}}},
		{"top-level nil", nil, url.Values{}},
	}
	for _, tt := range tests {
		if got := Encode(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestEncodeCopiesURLValues(t *testing.T) {
	in := url.Values{"a": {"1", "2"}}
	out := Encode(in)
	if !reflect.DeepEqual(out, in) {
		t.Fatalf("%v, want %v", out, in)
	}
	out["a"][0] = "changed"
	if in["a"][0] != "1" {
		t.Error("Encode shares the caller's values")
	}
}

// A map is walked in the order of its keys (the doc of Encode): two entries
// that come to the same form name, a nested {"a": {"b"}} and a key "a[b]",
// add their values in that order.
func TestAMapIsWalkedInKeyOrder(t *testing.T) {
	got := Encode(map[string]any{"b": 2, "a[b]": 3, "a": map[string]int{"b": 1}})
	want := url.Values{"a[b]": {"1", "3"}, "b": {"2"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}
