package privatefile

import (
	"fmt"
	"os"
)

// NotRegularError is a path hrdesk was to read that holds something other
// than a regular file (issue 26 §1): a named pipe nobody writes to would
// block the read for ever, deaf to SIGTERM, and a device has no end. A
// symbolic link to a regular file is read: users link their config.
type NotRegularError struct {
	Path string
	Kind string // "a named pipe (FIFO)", "a device", "a directory", …
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s; hrdesk reads only a regular file there", e.Path, e.Kind)
}

// OpenRegular opens path to read, following a link, and returns a
// *NotRegularError unless what it opened is a regular file. The look
// before the open keeps hrdesk from opening a device at all; the open
// does not wait for a pipe's writer (O_NONBLOCK, which a regular file
// ignores), and what was opened is looked at again, so a pipe put there
// after the first look is refused too rather than waited on. Errors of
// the look or the open are returned as they are (errors.Is finds
// fs.ErrNotExist).
func OpenRegular(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if k := kind(fi.Mode()); k != "" {
		return nil, &NotRegularError{Path: path, Kind: k}
	}
	return openRegular(path)
}

// openRegular is OpenRegular past its look: what the open itself refuses.
func openRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if k := kind(fi.Mode()); k != "" {
		f.Close()
		return nil, &NotRegularError{Path: path, Kind: k}
	}
	return f, nil
}
