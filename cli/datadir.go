package cli

import (
	"errors"
	"fmt"

	"hrdesk/i18n"
	"hrdesk/session"
)

// privateDir creates dir (0700) or tightens an existing one that others
// can read (session.PrivateDir); t words the failures in the profile's
// language.
func privateDir(t i18n.CLIMoreText, dir string) error { return dirWords(t, session.PrivateDir(dir)) }

// checkWritable makes sure hrdesk can write in dir before it asks a server
// for something it would then have nowhere to keep (session.CheckWritable).
func checkWritable(t i18n.CLIMoreText, dir string) error {
	return dirWords(t, session.CheckWritable(dir))
}

// dirWords says a data directory's problem (a session.DirError) in t's
// words, the cause underneath; another error as it is.
func dirWords(t i18n.CLIMoreText, err error) error {
	var de *session.DirError
	if !errors.As(err, &de) {
		return err
	}
	switch de.Problem {
	case session.DirReadOnly:
		return &explained{msg: fmt.Sprintf(t.DirReadOnly, de.Dir), cause: de.Err}
	case session.DirCannotCreate:
		return fmt.Errorf(t.CannotCreateDir, de.Dir, de.Err)
	case session.DirCannotUse:
		return fmt.Errorf(t.CannotUseDir, de.Dir, de.Err)
	case session.DirIsFile:
		return fmt.Errorf(t.DirIsFile, de.Dir)
	}
	return fmt.Errorf(t.CannotWriteDir, de.Dir, de.Err)
}
