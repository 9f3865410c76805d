package privatefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// NotAFileError is a path hrdesk was to write that holds something other
// than a regular file. A symbolic link is not followed: in a shared
// directory (the system's temp directory) another user's link could make
// hrdesk replace whatever file it names, theirs or the system's (issue 26
// §1). A named pipe, socket or device is not written either: a pipe with
// no reader blocks the writer for ever, and a device is no place for a
// file of applicants' data.
type NotAFileError struct {
	Path string
	Kind string // "a symbolic link", "a named pipe (FIFO)", …
}

func (e *NotAFileError) Error() string {
	if e.Link() {
		return fmt.Sprintf("%s is a symbolic link; hrdesk does not write through links (remove it or name another path)", e.Path)
	}
	return fmt.Sprintf("%s is %s, not a regular file; hrdesk writes only regular files (name another path)", e.Path, e.Kind)
}

// Link reports a symbolic link (the rest are things that are no file).
func (e *NotAFileError) Link() bool { return e.Kind == kindLink }

const kindLink = "a symbolic link"

// kind names what a mode other than a regular file's is, "" for a file.
func kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m&fs.ModeSymlink != 0:
		return kindLink
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a directory"
	}
	return "an irregular file"
}

// Check returns a *NotAFileError when path holds anything but a regular
// file, looking at path itself (Lstat: a link is a link, wherever it
// points). Nothing at path is fine: it is made. The directories on the
// way are followed: they are the ones the user named.
func Check(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if k := kind(fi.Mode()); k != "" {
		return &NotAFileError{Path: path, Kind: k}
	}
	return nil
}
