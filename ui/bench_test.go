package ui

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
)

// benchStore opens a cache of 100,000 resumes, built once and kept in the
// temp dir between runs (building takes ~15 s).
func benchStore(b *testing.B) *store.Store {
	b.Helper()
	path := filepath.Join(os.TempDir(), "hrdesk-ui-bench-100k-v1.db")
	if _, err := os.Stat(path); err != nil {
		tmp := path + ".tmp"
		os.Remove(tmp)
		st, err := store.Open(tmp)
		if err != nil {
			b.Fatal(err)
		}
		fill(b, st, 100000)
		st.Close()
		if err := os.Rename(tmp, path); err != nil {
			b.Fatal(err)
		}
	}
	st, err := store.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return st
}

func fill(b *testing.B, st *store.Store, n int) {
	const batch = 1000
	for i := 0; i < n; i += batch {
		rows := make([]store.Entry, 0, batch)
		for j := i; j < i+batch && j < n; j++ {
			rows = append(rows, entryAt(j))
		}
		if err := st.UpsertEntries(context.Background(), rows); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKeyDown: one j → Update → View with 100,000 cached resumes
// [target ≤ 2 ms].
func BenchmarkKeyDown(b *testing.B) {
	st := benchStore(b)
	m, _ := newModel(b, st, 120, 40)
	j := tea.KeyPressMsg{Code: 'j', Text: "j"}
	k := tea.KeyPressMsg{Code: 'k', Text: "k"}
	i := 0
	for b.Loop() {
		msg := j
		if (i/300)%2 == 1 {
			msg = k
		}
		i++
		send(b, m, msg)
		_ = m.View()
	}
}

// BenchmarkFirstFrame: open the cache and draw the first screen with
// 100,000 cached resumes [target ≤ 200 ms].
func BenchmarkFirstFrame(b *testing.B) {
	benchStore(b).Close()
	path := filepath.Join(os.TempDir(), "hrdesk-ui-bench-100k-v1.db")
	for b.Loop() {
		st, err := store.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		m, _ := newModel(b, st, 120, 40)
		_ = m.View()
		st.Close()
	}
}

// BenchmarkFilterKeystroke: one more character typed into the filter over
// 100,000 resumes, to the updated list, without the debounce wait
// [target ≤ 30 ms].
func BenchmarkFilterKeystroke(b *testing.B) {
	st := benchStore(b)
	m, _ := newModel(b, st, 120, 40)
	press(b, m, "/")
	words := []string{"П", "о", "в"}
	text := ""
	i := 0
	for b.Loop() {
		if i%3 == 0 {
			text = ""
		}
		text += words[i%3]
		i++
		run(b, m, m.do(paneFilter, action.Search{Text: text}))
		_ = m.View()
	}
}
