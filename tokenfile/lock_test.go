package tokenfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

func TestLockExcludesAndWaits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "token.json")
	ctx := context.Background()
	unlock, err := Lock(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := Lock(short, path); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a second holder got the lock: %v", err)
	}
	got := make(chan error, 1)
	go func() {
		u, err := Lock(ctx, path)
		if err == nil {
			u()
		}
		got <- err
	}()
	time.Sleep(30 * time.Millisecond)
	unlock()
	select {
	case err := <-got:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the waiter never got the lock after it was released")
	}
}

func TestLockSerializesHolders(t *testing.T) {
	path := filepath.Join(t.TempDir(), "token.json")
	var mu sync.Mutex
	inside, most := 0, 0
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			unlock, err := Lock(ctx, path)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			inside++
			most = max(most, inside)
			mu.Unlock()
			time.Sleep(5 * time.Millisecond)
			mu.Lock()
			inside--
			mu.Unlock()
			unlock()
		}()
	}
	wg.Wait()
	if most != 1 {
		t.Errorf("%d holders at once", most)
	}
}

// A token.json.lock left at 0666 (by hand, by an old version) is made
// 0600 when taken: anyone who can open a lock file can hold the lock,
// and so the login's renewal (issue 18 §5).
func TestLooseLockFileMadePrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix modes")
	}
	path := filepath.Join(t.TempDir(), "token.json")
	if err := os.WriteFile(path+".lock", nil, 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path+".lock", 0o666); err != nil {
		t.Fatal(err)
	}
	unlock, err := Lock(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	unlock()
	if fi, err := os.Stat(path + ".lock"); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("token.json.lock is %v (%v), want 0600", fi.Mode(), err)
	}
}
