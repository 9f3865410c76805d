package benchdata

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode"

	"hrdesk/store"
)

func TestReceivedIsDeterministic(t *testing.T) {
	g := newGen(t)
	for _, i := range []int{0, 1, 99_999} {
		if a, b := g.Received(i), g.Received(i); !bytes.Equal(a.JSON, b.JSON) || a.Folder != b.Folder || a.Scope != b.Scope {
			t.Fatalf("entry %d differs between two calls", i)
		}
	}
	if bytes.Equal(g.Received(1).JSON, g.Received(2).JSON) {
		t.Fatal("entries 1 and 2 are equal")
	}
}

// TestGeneratedLikeTheFixture: sizes, text and spread of a sample are those
// the benchmarks claim (README, testdata/README.md).
func TestGeneratedLikeTheFixture(t *testing.T) {
	g := newGen(t)
	const n = 2000
	var size int
	surnames, professions, towns, folders := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]int{}
	for i := range n {
		e, err := g.Entry(i)
		if err != nil {
			t.Fatal(err)
		}
		size += len(e.RawJSON)
		if !json.Valid(e.RawJSON) {
			t.Fatalf("entry %d: invalid JSON", i)
		}
		if e.ResumeID != FirstResumeID+int64(i) || e.WorkHistory == "" || e.Skills == "" || len(e.Events) == 0 {
			t.Fatalf("entry %d lacks parts: %+v", i, e)
		}
		if r := []rune(e.LastName)[0]; !unicode.Is(unicode.Cyrillic, r) {
			t.Fatalf("entry %d: surname %q", i, e.LastName)
		}
		surnames[e.LastName] = true
		professions[e.Profession] = true
		towns[e.Town] = true
		folders[e.Folder]++
	}
	if avg := size / n; avg < 3500 || avg > 5000 {
		t.Errorf("average resume %d B, want about 4 KB", avg)
	}
	if len(surnames) < n/2 || len(professions) < 40 || len(towns) < 15 {
		t.Errorf("%d surnames, %d professions, %d towns in %d resumes: too little variety", len(surnames), len(professions), len(towns), n)
	}
	for _, f := range store.Folders {
		if folders[f] < n/10 {
			t.Errorf("folder %s has %d of %d", f, folders[f], n)
		}
	}
	t.Logf("average resume %d B; %d surnames, %d professions, %d towns; folders %v", size/n, len(surnames), len(professions), len(towns), folders)
}

func TestFeminine(t *testing.T) {
	for in, want := range map[string]string{"Орлов": "Орлова", "Зубарский": "Зубарская", "Бондаренко": "Бондаренко",
		"Ельцовин-Орлов": "Ельцовина-Орлова", "Грачук": "Грачук", "Сычёв": "Сычёва"} {
		if got := feminine(in); got != want {
			t.Errorf("feminine(%q) = %q, want %q", in, got, want)
		}
	}
}

func newGen(t testing.TB) *Generator {
	t.Helper()
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return g
}
