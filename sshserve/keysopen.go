package sshserve

import (
	"fmt"
	"os"
)

// openKeysFile opens the authorized keys file to read it, or says why it
// may not be read. Nothing at the path is opened that could block or act
// on being opened: a FIFO would hang every login (issue 27 item 10), a
// device could be anything. It is looked at before it is opened, opened
// without waiting for a writer, and looked at again through the open file
// in case it was swapped in between.
//
// A symlink is followed when it is the server's user's or root's: the
// admin's own link (to a file kept by configuration management, say) is
// legitimate, and only they could have put it in a directory only they
// can write. One owned by anyone else was planted, in a shared directory
// such as /tmp, to let its owner's keys in: refused, with the reason.
func openKeysFile(path string) (*os.File, os.FileInfo, error) {
	li, err := os.Lstat(path)
	if err != nil {
		return nil, nil, err
	}
	if li.Mode()&os.ModeSymlink != 0 {
		if uid, ok := fileOwner(li); ok && uid != 0 && uid != os.Getuid() {
			return nil, nil, fmt.Errorf("%s is a link owned by uid %d, not by this server's user or root; not followed", path, uid)
		}
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, notRegular(path, fi)
	}
	beforeOpen(path)
	f, err := os.OpenFile(path, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, nil, err
	}
	if fi, err = f.Stat(); err == nil && !fi.Mode().IsRegular() {
		err = notRegular(path, fi)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// beforeOpen runs between the look at the path and its opening: a test
// swaps the file there, as anyone who can write its directory could.
var beforeOpen = func(string) {}

func notRegular(path string, fi os.FileInfo) error {
	what := "something else"
	switch t := fi.Mode().Type(); {
	case t&os.ModeDir != 0:
		what = "a directory"
	case t&os.ModeNamedPipe != 0:
		what = "a FIFO"
	case t&os.ModeDevice != 0:
		what = "a device"
	case t&os.ModeSocket != 0:
		what = "a socket"
	}
	return fmt.Errorf("%s is %s, not a regular file", path, what)
}
