// Command hrdesk is a keyboard-driven terminal workstation for recruiters who
// triage the resumes their vacancies receive on a job board.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"hrdesk/cli"
	"hrdesk/config"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	status := cli.Run(ctx, os.Args[1:], cli.Streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr}, config.OSEnv())
	stop()
	os.Exit(status)
}
