package apiclient

import (
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"hrdesk/textsafe"
)

func TestFlexDecoding(t *testing.T) {
	var v struct {
		I1, I2, I3, I4, I5 FlexInt
		B1, B2, B3, B4, B5 FlexBool
		S1, S2, S3, S4     FlexString
		D1, D2, D3         IDTitle
	}
	in := `{"I1":42,"I2":"17","I3":null,"I4":true,"I5":"x",
		"B1":true,"B2":1,"B3":"1","B4":"0","B5":null,
		"S1":"text","S2":5,"S3":null,"S4":{"name":["too short"],"age":"bad"},
		"D1":{"id":"4","title":"Москва"},"D2":7,"D3":"Высшее"}`
	if err := json.Unmarshal([]byte(in), &v); err != nil {
		t.Fatal(err)
	}
	if v.I1 != 42 || v.I2 != 17 || v.I3 != 0 || v.I4 != 1 || v.I5 != 0 {
		t.Errorf("ints %v %v %v %v %v", v.I1, v.I2, v.I3, v.I4, v.I5)
	}
	if !v.B1 || !v.B2 || !v.B3 || v.B4 || v.B5 {
		t.Errorf("bools %v %v %v %v %v", v.B1, v.B2, v.B3, v.B4, v.B5)
	}
	if v.S1 != "text" || v.S2 != "5" || v.S3 != "" || v.S4 != "age: bad; name: too short" {
		t.Errorf("strings %q %q %q %q", v.S1, v.S2, v.S3, v.S4)
	}
	if v.D1.ID != 4 || v.D1.Title != "Москва" || v.D2.ID != 7 || v.D3.Title != "Высшее" {
		t.Errorf("dictionaries %+v %+v %+v", v.D1, v.D2, v.D3)
	}
}

// A resume with real-world quirks: institute as an object in one history and
// a string in the other, a town that is a string, unknown fields, nulls.
const quirkyEntry = `{"resume":{"id":"77","profession":"Повар","payment":"50000","age":null,
	"town":"Москва","work_history":[{"name":"Кафе","yearend":0,"monthbeg":"3"}],
	"base_education_history":[{"institute":{"id":1,"title":"МГУ"},"yearend":2010}],
	"education_history":[{"name":"Курсы","institute":"Учебный центр"}],
	"future":{"x":1}},"is_new":1,"events":[{"type":"10","date_event":"1700000000","id_vac":0}]}`

func TestResumeQuirks(t *testing.T) {
	var e ReceivedEntry
	if err := json.Unmarshal([]byte(quirkyEntry), &e); err != nil {
		t.Fatal(err)
	}
	r := e.Resume
	if r.ID != 77 || r.Payment != 50000 || r.Age != 0 || !bool(e.IsNew) {
		t.Errorf("typed fields %+v", r)
	}
	if len(r.BaseEducationHistory) != 1 || r.BaseEducationHistory[0].Institute.Title != "МГУ" || r.EducationHistory[0].Institute != "Учебный центр" {
		t.Errorf("education %+v %+v", r.BaseEducationHistory, r.EducationHistory)
	}
	if len(r.WorkHistory) != 1 || r.WorkHistory[0].MonthBeg != 3 {
		t.Errorf("work history %+v", r.WorkHistory)
	}
	if !strings.Contains(string(r.Raw), `"future"`) {
		t.Error("unknown fields are lost from Raw")
	}
	if e.Events[0].Type != 10 || e.Events[0].DateEvent != 1700000000 {
		t.Errorf("events %+v", e.Events)
	}
}

func TestReceivedFixture(t *testing.T) {
	b, err := os.ReadFile("testdata/received_page.json")
	if err != nil {
		t.Fatal(err)
	}
	var p Page[ReceivedEntry]
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Objects) != 100 || p.Total <= 100 || !p.More {
		t.Fatalf("page: %d objects, total %d, more %v", len(p.Objects), p.Total, p.More)
	}
	for _, e := range p.Objects {
		if e.Resume.ID == 0 || len(e.Resume.Raw) == 0 || len(e.Events) == 0 {
			t.Fatalf("entry without id, raw or events: %+v", e.Resume.ID)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name   string
		status int
		ct     string
		hdr    map[string]string
		body   string
		check  func(t *testing.T, e *Error)
	}{
		{"422 fields", 422, "application/json", nil,
			`{"error":{"code":422,"message":"Ошибка","errors":[{"id_template":["Шаблон не найден"]},{"email_to":["bad"]}]}}`,
			func(t *testing.T, e *Error) {
				if e.Fields["id_template"][0] != "Шаблон не найден" || e.Fields["email_to"][0] != "bad" || !IsValidation(e) {
					t.Errorf("%+v", e)
				}
			}},
		{"403 blocked", 403, "application/json", nil,
			`{"error":{"code":403,"message":"blocked","errors":[{"reason":"user_blocked_by_other_user","reason_text":"x","user_name":"Пётр"}]}}`,
			func(t *testing.T, e *Error) {
				if !IsBlocked(e) || e.Blocks[0].UserName != "Пётр" || !strings.Contains(e.Error(), "by Пётр") {
					t.Errorf("%+v", e)
				}
			}},
		{"oauth label in body", 410, "application/json", nil,
			`{"error":{"code":410,"message":"expired","error":"invalid_token"}}`,
			func(t *testing.T, e *Error) {
				if e.OAuth != "invalid_token" {
					t.Errorf("%+v", e)
				}
			}},
		{"oauth label in header", 404, "application/json", map[string]string{"X-Oauth-Error": "token_not_found"},
			`{"error":{"code":404,"message":"no"}}`,
			func(t *testing.T, e *Error) {
				if e.OAuth != "token_not_found" || !IsNeedLogin(e) || IsNotFound(e) {
					t.Errorf("%+v", e)
				}
			}},
		{"top-level label", 400, "application/json", nil, `{"error":"invalid_grant","error_description":"bad code"}`,
			func(t *testing.T, e *Error) {
				if e.OAuth != "invalid_grant" || e.Message != "bad code" {
					t.Errorf("%+v", e)
				}
			}},
		{"message as object", 400, "application/json", nil, `{"error":{"code":400,"message":{"count":"too big"}}}`,
			func(t *testing.T, e *Error) {
				if e.Message != "count: too big" {
					t.Errorf("%q", e.Message)
				}
			}},
		{"html 403", 403, "text/html", nil, `<html><body>Access denied</body></html>`,
			func(t *testing.T, e *Error) {
				if !e.Unreadable || !strings.Contains(e.Error(), "text/html") || !strings.Contains(e.Error(), "403") {
					t.Errorf("%v", e)
				}
			}},
		{"truncated json", 500, "application/json", nil, `{"error":{"code":5`,
			func(t *testing.T, e *Error) {
				if !e.Unreadable || !strings.Contains(e.Error(), "500") {
					t.Errorf("%v", e)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := &http.Response{StatusCode: tt.status, Header: http.Header{"Content-Type": {tt.ct}}}
			for k, v := range tt.hdr {
				resp.Header.Set(k, v)
			}
			tt.check(t, decodeError("GET", "/2.0/x/", resp, []byte(tt.body)))
		})
	}
}

func FuzzDecodeReceivedPage(f *testing.F) {
	if b, err := os.ReadFile("testdata/received_page.json"); err == nil {
		f.Add(b[:min(len(b), 20000)])
	}
	f.Add([]byte(`{"objects":[` + quirkyEntry + `],"total":"1","more":0}`))
	f.Add([]byte(`{"objects":null}`))
	f.Add([]byte(`[1,2,3]`))
	f.Add([]byte(`{"objects":[{"resume":{"id":"5","id_user":9,"lastname":"\u001b[2J\u0085\u202eX","profession":"a\rb\u0007",` +
		`"town":{"id":1,"title":"\u009b31m"}},"events":[{"id_resume":5,"id_vac":"3","text":"\u200f\u0000"}]}],"total":1}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var p Page[ReceivedEntry]
		if json.Unmarshal(b, &p) != nil { // must not panic, whatever the bytes
			return
		}
		// What decodes re-encodes to the same ids: the cache keys on them.
		again, err := json.Marshal(p)
		if err != nil {
			t.Fatalf("a decoded page does not encode: %v", err)
		}
		var q Page[ReceivedEntry]
		if err := json.Unmarshal(again, &q); err != nil {
			t.Fatalf("a re-encoded page does not decode: %v\n%s", err, again)
		}
		if want, got := pageIDs(p), pageIDs(q); !slices.Equal(want, got) {
			t.Fatalf("ids change across a re-encoding: %v, then %v", want, got)
		}
		// The raw resume, which the cache keeps and the resume pane renders,
		// decodes to the same resume.
		for _, e := range p.Objects {
			if e.Resume.Raw == nil {
				continue // no "resume" in the entry
			}
			var r Resume
			if err := json.Unmarshal(e.Resume.Raw, &r); err != nil || r.ID != e.Resume.ID {
				t.Fatalf("raw resume decodes to id %d (%v), entry has %d", r.ID, err, e.Resume.ID)
			}
		}
		// Every decoded text is clean of terminal controls after textsafe.
		for _, s := range decodedTexts(reflect.ValueOf(p.Objects), nil) {
			if r, bad := controlRune(textsafe.Clean(s)); bad {
				t.Fatalf("Clean(%q) keeps control %U", s, r)
			}
			if l := textsafe.Line(s); strings.ContainsAny(l, "\n\t") {
				t.Fatalf("Line(%q) = %q keeps a line break or tab", s, l)
			}
		}
	})
}

// pageIDs lists every id a page carries, in order.
func pageIDs(p Page[ReceivedEntry]) []int64 {
	var out []int64
	for _, e := range p.Objects {
		r := e.Resume
		out = append(out, int64(r.ID), int64(r.IDUser), int64(r.Region.ID), int64(r.Education.ID), int64(r.Gender.ID))
		for _, ev := range e.Events {
			out = append(out, int64(ev.IDResume), int64(ev.IDVac), int64(ev.Type), int64(ev.DateEvent))
		}
	}
	return out
}

// decodedTexts collects every string held in v (FlexString fields, string
// slices, nested structs), whatever its depth.
func decodedTexts(v reflect.Value, out []string) []string {
	switch v.Kind() {
	case reflect.String:
		return append(out, v.String())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out = decodedTexts(v.Field(i), out)
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return out // raw JSON bytes, never shown as they are
		}
		for i := range v.Len() {
			out = decodedTexts(v.Index(i), out)
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			out = decodedTexts(v.Elem(), out)
		}
	}
	return out
}

// controlRune finds a rune that controls a terminal or reorders text: C0
// and C1 controls other than newline and tab, DEL, bidi overrides and marks.
func controlRune(s string) (rune, bool) {
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
		case unicode.IsControl(r), r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
			return r, true
		}
	}
	return 0, false
}

func BenchmarkDecodeReceivedPage(b *testing.B) {
	data, err := os.ReadFile("testdata/received_page.json")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var p Page[ReceivedEntry]
		if err := json.Unmarshal(data, &p); err != nil || len(p.Objects) != 100 {
			b.Fatal(err)
		}
	}
}
