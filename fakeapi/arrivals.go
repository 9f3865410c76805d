package fakeapi

import "time"

// arrive adds Options.Arrivals new responses every Options.ArrivalEvery
// until stop closes: a demo of the live inbox (issue 12 §3).
func (s *Server) arrive(stop <-chan struct{}) {
	t := time.NewTicker(s.opts.ArrivalEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			for range s.opts.Arrivals {
				s.AddResponse()
			}
		}
	}
}
