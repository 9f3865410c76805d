package privatefile

import (
	"io/fs"
	"testing"
)

// The refusal names what is at the path, in the user's words: the mode
// bits of each kind, one at a time (a socket or a block device is hard to
// make in a test, and says what it is all the same).
func TestKindNamesWhatIsNoFile(t *testing.T) {
	for mode, want := range map[fs.FileMode]string{
		0o644:                             "",
		fs.ModeSymlink | 0o777:            "a symbolic link",
		fs.ModeNamedPipe | 0o600:          "a named pipe (FIFO)",
		fs.ModeSocket | 0o755:             "a socket",
		fs.ModeDevice | 0o660:             "a device",
		fs.ModeDevice | fs.ModeCharDevice: "a device",
		fs.ModeDir | 0o700:                "a directory",
		fs.ModeIrregular:                  "an irregular file",
	} {
		if got := kind(mode); got != want {
			t.Errorf("kind(%v) = %q, want %q", mode, got, want)
		}
	}
}
