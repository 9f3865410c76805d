package textsafe

import (
	"bytes"
	"io"
	"sync"
	"unicode/utf8"
)

// Writer applies Clean to everything written through it: the output
// boundary of a command-line program that prints text from an untrusted
// server, so no message, table or error can reach the terminal raw.
//
// Clean works on whole strings, but a caller may split text anywhere
// (fmt writes once per call, bufio every 4 KiB). Writer keeps back an
// incomplete UTF-8 sequence at the end, so a letter split in two is not
// dropped as invalid, and the rest of a line holding an escape byte, so a
// sequence split between writes is removed whole instead of leaving its
// parameters on screen. Everything else goes out at once: a prompt
// without a newline still shows before the program reads the answer.
// Call Flush when done. Safe for concurrent use.
type Writer struct {
	mu      sync.Mutex
	w       io.Writer
	pending []byte
}

// maxPending bounds what a line holding an escape byte may keep back; past
// it the text goes out cleaned anyway (at worst a split sequence leaves its
// printable parameters, never a control byte).
const maxPending = 64 << 10

// NewWriter returns a Writer that cleans text on its way to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write cleans p (with what was kept back) and passes on what is complete.
// It reports len(p) written: the bytes Clean drops were consumed, not lost.
func (cw *Writer) Write(p []byte) (int, error) {
	cw.mu.Lock()
	defer cw.mu.Unlock()
	cw.pending = append(cw.pending, p...)
	n := complete(cw.pending)
	if len(cw.pending) > maxPending {
		n = len(cw.pending)
	}
	if n == 0 {
		return len(p), nil
	}
	return len(p), cw.emit(n)
}

// Flush cleans and writes what was kept back.
func (cw *Writer) Flush() error {
	cw.mu.Lock()
	defer cw.mu.Unlock()
	if len(cw.pending) == 0 {
		return nil
	}
	return cw.emit(len(cw.pending))
}

// Unwrap returns the writer underneath, e.g. to ask whether it is a terminal.
func (cw *Writer) Unwrap() io.Writer { return cw.w }

func (cw *Writer) emit(n int) error {
	out := Clean(string(cw.pending[:n]))
	cw.pending = append(cw.pending[:0], cw.pending[n:]...)
	_, err := io.WriteString(cw.w, out)
	return err
}

// complete returns how much of b can be cleaned now (see Writer).
func complete(b []byte) int {
	end := len(b)
	for i := 1; i < utf8.UTFMax && i <= len(b); i++ {
		c := b[len(b)-i]
		if c < utf8.RuneSelf {
			break
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(b[len(b)-i:]) {
				end = len(b) - i
			}
			break
		}
	}
	lineStart := bytes.LastIndexByte(b[:end], '\n') + 1
	if bytes.IndexByte(b[lineStart:end], 0x1b) >= 0 {
		end = lineStart
	}
	return end
}
