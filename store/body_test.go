package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

func TestBodyRoundTrip(t *testing.T) {
	for _, b := range []body{
		{},
		{raw: []byte(`{"id":1}`)},
		{raw: []byte(`{"profession":"Бухгалтер"}`), skills: "1С, Excel", workHistory: "ООО «Альфа» — бухгалтер. Учёт."},
		{raw: bytes.Repeat([]byte("x"), 300_000), skills: strings.Repeat("ё", 10_000), workHistory: "\x00\xff"},
	} {
		got, err := decodeBody(encodeBody(b))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.raw, b.raw) || got.skills != b.skills || got.workHistory != b.workHistory {
			t.Fatalf("round trip of %d+%d+%d bytes changed it", len(b.raw), len(b.skills), len(b.workHistory))
		}
	}
}

func TestDamagedBodyIsErrDamaged(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	frame := encodeBody(body{raw: []byte(`{"id":1}`)})
	for name, bad := range map[string][]byte{
		"truncated frame": frame[:len(frame)-3],
		"not zstd":        []byte("{}"),
		"bad prefix":      mustEncodeRaw(t, []byte{0xff, 0xff, 0xff, 0x01}),
	} {
		if _, err := s.w.Exec("UPDATE entry_frames SET body = ? WHERE resume_id = 1", bad); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Entry(ctx, 1); !errors.Is(err, ErrDamaged) {
			t.Errorf("%s: Entry err = %v, want ErrDamaged", name, err)
		}
	}
}

// mustEncodeRaw makes a valid frame of arbitrary plain bytes.
func mustEncodeRaw(t *testing.T, plain []byte) []byte {
	enc, _ := bodyCodec()
	return enc.EncodeAll(plain, nil)
}

// BenchmarkBodyCompression measures the stored size of the 100 resumes of
// apiclient/testdata/received_page.json (made by the fake service's own
// generator, which the dictionary never saw) with the dictionary and without.
func BenchmarkBodyCompression(b *testing.B) {
	raw, err := os.ReadFile("../apiclient/testdata/received_page.json")
	if err != nil {
		b.Fatal(err)
	}
	var page struct {
		Objects []struct{ Resume json.RawMessage }
	}
	if err := json.Unmarshal(raw, &page); err != nil {
		b.Fatal(err)
	}
	plain, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1))
	var in, withDict, without int
	for b.Loop() {
		in, withDict, without = 0, 0, 0
		for _, o := range page.Objects {
			in += len(o.Resume)
			withDict += len(encodeBody(body{raw: o.Resume}))
			without += len(plain.EncodeAll(o.Resume, nil))
		}
	}
	n := float64(len(page.Objects))
	b.ReportMetric(float64(in)/n, "B-raw/resume")
	b.ReportMetric(float64(withDict)/n, "B-dict/resume")
	b.ReportMetric(float64(without)/n, "B-nodict/resume")
}
