package ownactions

import (
	"context"
	"errors"
	"strings"
	"testing"

	"hrdesk/store"
)

// An output of exactly MaxOutput bytes is whole: not said to be cut.
func TestAnOutputOfExactlyTheBoundIsWhole(t *testing.T) {
	out := &tail{max: 8}
	for _, p := range []string{"abc", "defgh"} {
		if n, err := out.Write([]byte(p)); n != len(p) || err != nil {
			t.Fatalf("write %q: %d %v", p, n, err)
		}
	}
	if out.cut || string(out.bytes()) != "abcdefgh" {
		t.Errorf("8 bytes under a bound of 8: cut %v, %q", out.cut, out.bytes())
	}
	out.Write([]byte("i"))
	if !out.cut || string(out.bytes()) != "bcdefghi" {
		t.Errorf("9 bytes under a bound of 8: cut %v, %q", out.cut, out.bytes())
	}
	// Past twice the bound the buffer is trimmed, the last bytes kept.
	out.Write([]byte(strings.Repeat("j", 7) + "klmnopqr"))
	if string(out.bytes()) != "klmnopqr" || len(out.buf) > 2*8 {
		t.Errorf("after 24 bytes: %q, %d held", out.bytes(), len(out.buf))
	}
}

// A run whose context is cancelled (the workstation quitting) says so:
// it is no timeout.
func TestACancelledRunIsNoTimeout(t *testing.T) {
	r := local(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := r.Run(ctx, act(t, "hang"), alice, nil)
	if !errors.Is(res.Err, context.Canceled) || errors.Is(res.Err, ErrTimeout) {
		t.Errorf("cancelled: %v", res.Err)
	}
}

// A resume with no vacancy names none (not "0"); one without the parts of
// its name is named as the service shows it.
func TestFieldsWithoutAVacancyOrTheNamesParts(t *testing.T) {
	d := store.EntryDetail{EntryRow: store.EntryRow{ResumeID: 7, DisplayName: "Alice S."}}
	if f := FieldsOf(d, ""); f.Vacancy != "" || f.Name != "Alice S." {
		t.Errorf("fields: %+v", f)
	}
}
