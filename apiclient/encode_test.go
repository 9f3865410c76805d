package apiclient

import (
	"net/url"
	"reflect"
	"strings"
	"testing"
)

func TestEncode(t *testing.T) {
	status := 0
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"scalars and bool as 0/1", struct {
			A string `form:"a"`
			B int    `form:"b"`
			C bool   `form:"c"`
			D bool   `form:"d"`
		}{"x y", 5, true, false}, "a=x+y&b=5&c=1&d=0"},
		{"omitempty", struct {
			A string `form:"a,omitempty"`
			B int    `form:"b,omitempty"`
			C bool   `form:"c,omitempty"`
		}{}, ""},
		{"pointer keeps a meaningful zero", struct {
			S *int `form:"status,omitempty"`
		}{&status}, "status=0"},
		{"scalar slice uses []", struct {
			Types []int `form:"types"`
		}{[]int{10, 30}}, "types%5B%5D=10&types%5B%5D=30"},
		{"struct slice uses indexes", struct {
			K []KeywordElement `form:"keywords"`
		}{[]KeywordElement{{SRWS: 7, SKWC: "and", Keys: "go"}, {Keys: "sql"}}},
			"keywords%5B0%5D%5Bkeys%5D=go&keywords%5B0%5D%5Bskwc%5D=and&keywords%5B0%5D%5Bsrws%5D=7&keywords%5B1%5D%5Bkeys%5D=sql"},
		{"map sorted", map[string]any{"b": 2, "a": []string{"x"}}, "a%5B%5D=x&b=2"},
		{"skip dash", struct {
			A string `form:"-"`
			B string `form:"b"`
		}{"secret", "ok"}, "b=ok"},
		{"json tag fallback", struct {
			A string `json:"alpha,omitempty"`
		}{"1"}, "alpha=1"},
		{"unicode and specials", struct {
			A string `form:"a"`
		}{"Иван & Co = 100%"}, "a=" + url.QueryEscape("Иван & Co = 100%")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Encode(tt.in).Encode(); got != tt.want {
				t.Errorf("Encode = %s\nwant     %s", got, tt.want)
			}
		})
	}
}

func TestEncodeIntoNested(t *testing.T) {
	v := url.Values{}
	pub := 1
	EncodeInto(v, "vacancies[0]", VacancyWrite{ID: 7, Published: &pub, Metro: []int64{1, 2},
		Phones: []VacancyPhone{{Number: "1234567", CityCode: "495"}}, Languages: []VacancyLang{{IDLanguage: 1, Level: 5}}})
	want := url.Values{
		"vacancies[0][id]": {"7"}, "vacancies[0][published]": {"1"}, "vacancies[0][metro][]": {"1", "2"},
		"vacancies[0][phones][0][number]": {"1234567"}, "vacancies[0][phones][0][city_code]": {"495"},
		"vacancies[0][languages][0][id_language]": {"1"}, "vacancies[0][languages][0][level]": {"5"},
	}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("got  %v\nwant %v", v, want)
	}
}

// FuzzEncode checks that whatever the strings, the encoding parses back to
// exactly the values that went in, under the bracket names.
func FuzzEncode(f *testing.F) {
	f.Add("go", "and", "Иван", 3)
	f.Add("a&b=c", "", "[]", 0)
	f.Add("%zz", "x\x00y", "]]][[", -5)
	f.Fuzz(func(t *testing.T, keys, skwc, name string, n int) {
		type el struct {
			Name string           `form:"name"`
			N    int              `form:"n"`
			K    []KeywordElement `form:"keywords"`
			L    []string         `form:"list"`
		}
		in := el{Name: name, N: n, K: []KeywordElement{{Keys: keys, SKWC: skwc}}, L: []string{name, keys}}
		enc := Encode(in).Encode()
		back, err := url.ParseQuery(enc)
		if err != nil {
			t.Fatalf("encoding does not parse: %v", err)
		}
		if back.Get("name") != name || back.Get("keywords[0][keys]") != keys {
			t.Fatalf("round trip lost values: %v", back)
		}
		if got := back["list[]"]; len(got) != 2 || got[0] != name || got[1] != keys {
			t.Fatalf("list round trip: %v", got)
		}
		if (skwc == "") != (back.Get("keywords[0][skwc]") == "") {
			t.Fatalf("omitempty broken: %v", back)
		}
		for k := range back {
			if strings.Count(k, "[") != strings.Count(k, "]") {
				t.Fatalf("unbalanced key %q", k)
			}
		}
	})
}
