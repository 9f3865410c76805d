package textsafe

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// decoderJSON is JSON as it was before issue 22 §3: every token read with a
// json.Decoder and written again. AppendJSON must give the same bytes and
// refuse the same documents, twenty times faster.
func decoderJSON(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out bytes.Buffer
	if err := decoderValue(dec, &out); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("data after the JSON value")
	}
	return out.Bytes(), nil
}

func decoderValue(dec *json.Decoder, out *bytes.Buffer) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch v := tok.(type) {
	case json.Delim:
		open, end := byte(v), byte(']')
		if v == '{' {
			end = '}'
		}
		out.WriteByte(open)
		for i := 0; dec.More(); i++ {
			if i > 0 {
				out.WriteByte(',')
			}
			if open == '{' {
				key, err := dec.Token()
				if err != nil {
					return err
				}
				out.Write(appendString(nil, Clean(key.(string))))
				out.WriteByte(':')
			}
			if err := decoderValue(dec, out); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return err
		}
		out.WriteByte(end)
	case string:
		out.Write(appendString(nil, Clean(v)))
	case json.Number:
		out.WriteString(v.String())
	case bool:
		fmt.Fprint(out, v)
	case nil:
		out.WriteString("null")
	}
	return nil
}

// Documents with every kind of string Clean changes or the encoder
// escapes, and JSON the grammar refuses.
var jsonCases = []string{
	`{"z":"a\u001b]0;t\u0007b","a":[1.50,12345678901234567890,true,null,"\u009b31m` + "\u202e" + `x"],"k\u001b[31m":{"<&>":"\u003c"}}`,
	` { "a" : [ 1 , -0.5e+10 , 0 , -0 , 2E-3 ] , "b" : { } , "c" : [ ] } ` + "\n",
	`"plain"`, `12`, `-1.25e3`, `true`, `false`, `null`, `[]`, `{}`,
	`{"name":"Иванов Иван","about":"Строка\nвторая\tтаб","esc":"\"quoted\" \\ back\/slash"}`,
	`{"emoji":"` + "👨\u200d👩\u200d👧 ok\ufe0e" + `","bidi":"` + "a\u202eb\u2066c\u2069\u200f" + `","bom":"` + "\ufeffx" + `",` +
		`"ls":"` + "a\u2028b\u2029c" + `","del":"a` + "\x7f" + `b"}`,
	`{"c1":"` + "\u0085\u009b" + `[31m","nul":"a\u0000b","cr":"a\r\nb","ff":"\f\b","fffd":"�"}`,
	"{\"bad\":\"a\xffb\xc3\"}", `{"lone":"\ud800x","pair":"\ud83d\ude00","hex":"\u00e9\u00C9"}`,
	`{"html":"<script>&amp;</script>"}`,
	`["a\u000ab\u0009c\u0022\u005c\u003c\u007f", "\/\n\t\"\\", "\u2028", "\u200d", "\u00e9\u0085", "\u001b[1m", "x\u0000"]`,
	`["line\none\ttab — Москва", "\ud83d\ude00", "\udc00", "\r\n", "\b\f"]`,
	// Refused:
	``, ` `, `{"a":1`, `{"a":1} {}`, `nope`, `{"a" 1}`, `[1,]`, `{,}`, `{"a":1,}`, `[01]`, `[1.]`, `[-]`, `[1e]`,
	`[.5]`, `["a` + "\n" + `"]`, `["\x"]`, `["\u12"]`, `{1:2}`, `[tru]`, `[nul]`, `"unterminated`, `["a"`, `[`, `]`,
	`[1 2]`, `{"a":}`, `{"a"}`, `"\`, `[1]x`, `[1]]`, `+1`, `[Infinity]`, `[NaN]`, `[0x10]`, `{"a":1}}`,
}

func TestAppendJSONAsTheDecoder(t *testing.T) {
	fixtures := []string{"../testdata/resume.json", "../apiclient/testdata/received_page.json"}
	cases := append([]string(nil), jsonCases...)
	for _, f := range fixtures {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, string(b))
	}
	for _, in := range cases {
		same(t, in)
	}
}

func same(t *testing.T, in string) {
	t.Helper()
	want, wantErr := decoderJSON([]byte(in))
	prefix := []byte("prefix")
	got, err := AppendJSON(prefix, []byte(in))
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%q: error %v, the decoder's %v", in, err, wantErr)
	}
	if err != nil {
		if string(got) != "prefix" {
			t.Errorf("%q: on error dst became %q", in, got)
		}
		return
	}
	if !bytes.Equal(got[len(prefix):], want) || !bytes.HasPrefix(got, prefix) {
		t.Errorf("%.200q:\n got %.300s\nwant %.300s", in, got[len(prefix):], want)
	}
}

func FuzzAppendJSON(f *testing.F) {
	for _, c := range jsonCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if strings.Count(in, "[")+strings.Count(in, "{") > 1000 {
			return // the decoder's recursion, not ours
		}
		same(t, in)
	})
}

// BenchmarkJSON: one resume of testdata/resume.json (4.5 KB) cleaned, as
// `hrdesk export` does for each of 100,000.
func BenchmarkJSON(b *testing.B) {
	raw, err := os.ReadFile("../testdata/resume.json")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("append", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		var buf []byte
		for b.Loop() {
			if buf, err = AppendJSON(buf[:0], raw); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decoder", func(b *testing.B) { // before issue 22
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			if _, err := decoderJSON(raw); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestJSONTwiceIsOnce: a document JSON gave back is left as it is. The
// cache keeps each resume's object as JSON gave it, and cleaning its older
// bodies (store's migration 13) writes only those that change.
func TestJSONTwiceIsOnce(t *testing.T) {
	for _, c := range jsonCases {
		once, err := JSON([]byte(c))
		if err != nil {
			continue
		}
		if twice, err := JSON(once); err != nil || string(twice) != string(once) {
			t.Errorf("%q: once %s, twice %s (%v)", c, once, twice, err)
		}
	}
}
