// Package hostexec is the one place hrdesk builds programs to run on the
// machine it runs on. A session served over SSH is remote: it never starts
// one, because a program driven by the remote keyboard (an editor's `:!sh`)
// is a shell on the server, with every profile's login and the host key.
package hostexec

import (
	"errors"
	"os/exec"
	"strings"
)

// ErrRemote refuses a program to a session served over SSH.
var ErrRemote = errors.New("not available in a session served over SSH")

// Host builds programs for one session.
type Host struct {
	// Remote is set for sessions served over SSH: nothing is started.
	Remote bool
	// Getenv reads the process environment (never the SSH client's).
	Getenv func(key string) (string, bool)
}

// Command builds name with args, or refuses a remote session.
func (h Host) Command(name string, args ...string) (*exec.Cmd, error) {
	if h.Remote {
		return nil, ErrRemote
	}
	if name == "" {
		return nil, errors.New("no program named")
	}
	return exec.Command(name, args...), nil
}

// Editor is the external editor for text the recruiter writes.
func (h Host) Editor() Editor { return Editor{h: h} }

// Editor runs $VISUAL or $EDITOR (vi when neither is set) on a file.
type Editor struct{ h Host }

// Available says why there is no external editor (nil: there is one), so a
// caller can refuse before it writes anything to disk.
func (e Editor) Available() error {
	if e.h.Remote {
		return ErrRemote
	}
	return nil
}

// Command builds the editor's command for path.
func (e Editor) Command(path string) (*exec.Cmd, error) {
	ed := "vi"
	if e.h.Getenv != nil {
		for _, k := range []string{"VISUAL", "EDITOR"} {
			if v, ok := e.h.Getenv(k); ok && strings.TrimSpace(v) != "" {
				ed = v
				break
			}
		}
	}
	args := strings.Fields(ed)
	return e.h.Command(args[0], append(args[1:], path)...)
}
