package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"hrdesk/i18n"
	"hrdesk/internal/privatefile"
)

// openServeLog opens serve's --log to append to, private (0600). A link,
// a pipe or a device there is refused at once (issue 26 §1): a link would
// add the log to whatever file it names, a pipe nobody reads would keep
// the server from ever starting.
func openServeLog(t i18n.CLIServeText, path string) (*os.File, error) {
	f, err := privatefile.Append(path)
	if na := (*privatefile.NotAFileError)(nil); errors.As(err, &na) {
		return nil, fmt.Errorf(t.LogFile, err)
	}
	if err != nil {
		return nil, fmt.Errorf(t.ConnectionLog, err)
	}
	return f, nil
}

// checkHostKey refuses a host key path, or the .pub beside it, that the
// key generator would write through or block on: it writes both files,
// following links, when the key does not exist yet. A link to an existing
// key file is read as the user named it; a link to nothing would have the
// new key written wherever it points; a pipe or a device is no key file.
func checkHostKey(t i18n.CLIServeText, path string) error {
	for _, p := range []string{path, path + ".pub"} {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf(t.HostKeyAt, p, err)
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				continue
			}
			return fmt.Errorf(t.HostKeyLink, p)
		}
		if err := privatefile.Check(p); err != nil {
			return fmt.Errorf(t.HostKey, err)
		}
	}
	return nil
}
