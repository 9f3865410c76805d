// Package pgtest starts a throwaway PostgreSQL for tests that need a real
// one (issue 21 §3): initdb and pg_ctl from the machine's installation, a
// temporary directory, a free port on 127.0.0.1, trust authentication for
// loopback only. As root it runs them as the `postgres` user, which
// PostgreSQL requires.
//
// A test binary that dies (a panic, a timeout, a kill) cannot stop its
// server; each server's directory names the process that owns it, and the
// next Start stops every server whose owner is gone (StopOrphans).
//
// Tests and benchmarks only. A package that needs a server starts one per
// test binary from TestMain (Main) and hands each test a database of its
// own (Database); a test that stops the server (Kill) starts its own
// (Start). Without PostgreSQL binaries the tests skip, saying so; with
// them, a server that does not start fails the test.
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// SkipMessage is what a test says when it skips for want of PostgreSQL.
const SkipMessage = "needs PostgreSQL: no initdb/pg_ctl found on PATH, in /usr/local/bin or /usr/lib/postgresql/*/bin (install PostgreSQL, e.g. apt-get install postgresql)"

// Bin is the directory holding initdb and pg_ctl, or "" when the machine
// has none.
func Bin() string {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if _, err := exec.LookPath("initdb"); err == nil {
			return filepath.Dir(p)
		}
	}
	dirs := []string{"/usr/local/bin", "/usr/local/pgsql/bin"}
	if more, _ := filepath.Glob("/usr/lib/postgresql/*/bin"); len(more) > 0 {
		dirs = append(dirs, more...)
	}
	for _, d := range dirs {
		if isFile(filepath.Join(d, "pg_ctl")) && isFile(filepath.Join(d, "initdb")) {
			return d
		}
	}
	return ""
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// Server is one running throwaway PostgreSQL.
type Server struct {
	bin  string
	dir  string // the temporary directory: data/, the log, the socket
	Port int
	// URL is the superuser's connection to the postgres database.
	URL string

	dbs atomic.Int64
	mu  sync.Mutex
}

// Start initialises a cluster in a new temporary directory and starts it
// on a free port of 127.0.0.1.
func Start() (*Server, error) {
	bin := Bin()
	if bin == "" {
		return nil, errors.New(SkipMessage)
	}
	StopOrphans()
	dir, err := os.MkdirTemp("", dirPrefix)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(owner(os.Getpid())), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s := &Server{bin: bin, dir: dir}
	if err := s.asOwner(dir); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if out, err := s.run("initdb", "-D", s.data(), "-U", "hrdesk", "-A", "trust", "-E", "UTF8", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	for try := 0; ; try++ {
		if s.Port, err = freePort(); err != nil {
			break
		}
		if err = s.start(); err == nil || try == 2 {
			break
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s.URL = fmt.Sprintf("postgres://hrdesk@127.0.0.1:%d/postgres?sslmode=disable", s.Port)
	return s, nil
}

// New starts a server for t alone and stops it when t ends; it skips t
// when the machine has no PostgreSQL.
func New(t testing.TB) *Server {
	t.Helper()
	if Bin() == "" {
		t.Skip(SkipMessage)
	}
	s, err := Start()
	if err != nil {
		t.Fatalf("starting PostgreSQL: %v", err)
	}
	t.Cleanup(func() { _ = s.Stop() })
	return s
}

var (
	shared    *Server
	sharedErr error
)

// Main is a package's TestMain: it starts one server for the test binary
// (when the machine has PostgreSQL), runs the tests and stops it.
func Main(m *testing.M) {
	if Bin() != "" {
		shared, sharedErr = Start()
	}
	code := m.Run()
	if shared != nil {
		_ = shared.Stop()
	}
	os.Exit(code)
}

// Shared is the server Main started; it skips t when the machine has no
// PostgreSQL and fails it when the server did not start.
func Shared(t testing.TB) *Server {
	t.Helper()
	if Bin() == "" {
		t.Skip(SkipMessage)
	}
	if sharedErr != nil {
		t.Fatalf("starting PostgreSQL: %v", sharedErr)
	}
	if shared == nil {
		t.Fatal("pgtest.Shared needs pgtest.Main as the package's TestMain")
	}
	return shared
}

// Database makes an empty database for t on s and returns its URL; it is
// dropped when t ends.
func (s *Server) Database(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("t%d_%d", os.Getpid(), s.dbs.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.URL)
	if err != nil {
		t.Fatalf("connecting to the test PostgreSQL: %v", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("CREATE DATABASE: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if conn, err := pgx.Connect(ctx, s.URL); err == nil {
			_, _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			conn.Close(ctx)
		}
	})
	return fmt.Sprintf("postgres://hrdesk@127.0.0.1:%d/%s?sslmode=disable", s.Port, name)
}

// Kill stops the server at once, as a crash or a pulled cable would:
// clients' connections break mid-statement.
func (s *Server) Kill() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	out, err := s.run("pg_ctl", "-D", s.data(), "-m", "immediate", "-w", "stop")
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return nil
}

// Restart starts a killed server again on the same port and data.
func (s *Server) Restart() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.start()
}

// Stop stops the server and removes its directory.
func (s *Server) Stop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := s.run("pg_ctl", "-D", s.data(), "-m", "immediate", "-w", "stop")
	os.RemoveAll(s.dir)
	return err
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

func (s *Server) start() error {
	opts := fmt.Sprintf("-h 127.0.0.1 -p %d -k %s -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200",
		s.Port, s.dir)
	out, err := s.run("pg_ctl", "-D", s.data(), "-l", filepath.Join(s.dir, "log"), "-o", opts, "-w", "-t", "60", "start")
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(s.dir, "log"))
		return fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, lastLines(log, 20))
	}
	return nil
}

// run runs one of PostgreSQL's programs, as `postgres` when this process
// is root (the server refuses to run as root).
func (s *Server) run(prog string, args ...string) ([]byte, error) {
	path := filepath.Join(s.bin, prog)
	var cmd *exec.Cmd
	if os.Geteuid() == 0 {
		cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = s.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	return cmd.CombinedOutput()
}

// asOwner hands dir to the user the server runs as.
func (s *Server) asOwner(dir string) error {
	if os.Geteuid() != 0 {
		return nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return fmt.Errorf("running as root needs a postgres user to run PostgreSQL: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return os.Chown(dir, uid, gid)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func lastLines(b []byte, n int) string {
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.TrimSpace(string(bytes.Join(lines, []byte("\n"))))
}

// dirPrefix names a server's temporary directory; ownerFile in it names
// the process that started it (its pid and start time).
const (
	dirPrefix = "hrdesk-pg-"
	ownerFile = "owner"
	// unowned is how old a directory without an owner file (left by a
	// version of this package that wrote none, or caught between its
	// creation and the file's) must be before it counts as left behind.
	unowned = time.Hour
)

// StopOrphans stops the servers, and removes the directories, that test
// binaries no longer running left behind. Start calls it.
func StopOrphans() (stopped []string) {
	bin := Bin()
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPrefix+"*"))
	for _, dir := range dirs {
		if !orphan(dir) {
			continue
		}
		s := &Server{bin: bin, dir: dir}
		if bin != "" && isFile(filepath.Join(s.data(), "postmaster.pid")) {
			_, _ = s.run("pg_ctl", "-D", s.data(), "-m", "immediate", "-w", "stop")
		}
		if os.RemoveAll(dir) == nil {
			stopped = append(stopped, dir)
		}
	}
	return stopped
}

// orphan says whether the process that owns dir is gone.
func orphan(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, ownerFile))
	if err != nil {
		fi, err := os.Stat(dir)
		return err == nil && time.Since(fi.ModTime()) > unowned
	}
	pid, err := strconv.Atoi(strings.Fields(string(b) + " x")[0])
	if err != nil || pid <= 0 {
		return true
	}
	return owner(pid) != strings.TrimSpace(string(b))
}

// owner is pid with its start time (where the system says it): a pid
// reused by another process since does not count as the owner.
func owner(pid int) string {
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return "gone"
	}
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return strconv.Itoa(pid)
	}
	// The fields after the command's name (which may hold spaces) in
	// parentheses; the start time is the 22nd field of the line.
	rest := string(stat)
	if i := strings.LastIndexByte(rest, ')'); i >= 0 {
		rest = rest[i+1:]
	}
	if f := strings.Fields(rest); len(f) > 19 {
		return strconv.Itoa(pid) + " " + f[19]
	}
	return strconv.Itoa(pid)
}
