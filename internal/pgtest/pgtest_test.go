package pgtest

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func TestStartQueryKillRestart(t *testing.T) {
	s := New(t)
	url := s.Database(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ask := func() error {
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		var one int
		return conn.QueryRow(ctx, "SELECT 1").Scan(&one)
	}
	if err := ask(); err != nil {
		t.Fatal(err)
	}
	if err := s.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := ask(); err == nil {
		t.Fatal("a killed server still answers")
	}
	if err := s.Restart(); err != nil {
		t.Fatal(err)
	}
	if err := ask(); err != nil {
		t.Fatalf("after the restart: %v", err)
	}
}
