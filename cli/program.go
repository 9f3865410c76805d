package cli

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"
)

// quitGrace is how long a signalled workstation gets to quit as the q key
// does before it is killed.
const quitGrace = 3 * time.Second

// runProgram runs the workstation until it quits or ctx ends (SIGINT,
// SIGTERM). A signal asks the program to quit, as the q key does, instead
// of killing it: Bubble Tea's kill path closes its input reader while a
// read is still under way (a data race inside cancelreader, seen under
// -race at every few signals), while its quit path waits for the reader
// first. A program that does not quit within quitGrace is killed.
func runProgram(ctx context.Context, m tea.Model) error {
	progCtx, kill := context.WithCancel(context.WithoutCancel(ctx))
	defer kill()
	p := tea.NewProgram(m, tea.WithContext(progCtx), tea.WithoutSignalHandler())
	ended := make(chan struct{})
	defer close(ended)
	go func() {
		select {
		case <-ended:
			return
		case <-ctx.Done():
		}
		go p.Quit() // Send waits for the event loop, or for its end
		select {
		case <-ended:
		case <-time.After(quitGrace):
			kill()
		}
	}()
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}
