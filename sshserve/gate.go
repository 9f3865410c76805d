package sshserve

import (
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"charm.land/ssh"
)

// What a connection that has not logged in yet may hold (issue 18 §4: 150
// connections trickling a byte every 5 s stayed open past the idle timeout
// and a recruiter's ssh timed out at the banner). A real client logs in
// within a second or two; an office behind one address rarely has more
// than a few logging in at the same moment.
const (
	defaultHandshakeTimeout             = 20 * time.Second
	defaultMaxUnauthenticated           = 100
	defaultMaxUnauthenticatedPerAddress = 10
)

// errLoginTooLate is a login proven after its connection's deadline.
var errLoginTooLate = errors.New("the handshake deadline passed")

// gate admits connections until they log in: at most perAddress from one
// address and total in all, each for at most timeout. Those over a cap are
// closed at once, those past the deadline when it comes; both are logged.
type gate struct {
	perAddress, total int
	timeout           time.Duration
	drops             *dropLog
	refused           func(remote string) // a drop already logged: not again as a failure

	mu        sync.Mutex
	byAddress map[string]int
	pending   map[*pendingConn]struct{}
}

func newGate(o Options, drops *dropLog, refused func(string)) *gate {
	g := &gate{perAddress: o.MaxUnauthenticatedPerAddress, total: o.MaxUnauthenticated, timeout: o.HandshakeTimeout,
		drops: drops, refused: refused, byAddress: map[string]int{}, pending: map[*pendingConn]struct{}{}}
	if g.perAddress <= 0 {
		g.perAddress = defaultMaxUnauthenticatedPerAddress
	}
	if g.total <= 0 {
		g.total = defaultMaxUnauthenticated
	}
	if g.timeout <= 0 {
		g.timeout = defaultHandshakeTimeout
	}
	return g
}

// admit is charm ssh's ConnCallback: c waits to log in, or is dropped
// (nil: charm ssh closes it) before a byte of SSH is spent on it.
func (g *gate) admit(ctx ssh.Context, c net.Conn) net.Conn {
	remote := c.RemoteAddr().String()
	address := remote
	if ip, ok := remoteIP(c.RemoteAddr()); ok {
		address = ip.String()
	}
	pc := &pendingConn{Conn: c, gate: g, address: address}
	g.mu.Lock()
	kind, why := "", ""
	switch {
	case len(g.pending) >= g.total:
		kind, why = "total", fmt.Sprintf("%d connections have not logged in yet, the limit", len(g.pending))
	case g.byAddress[address] >= g.perAddress:
		kind, why = "address", fmt.Sprintf("%d connections from %s have not logged in yet, the limit from one address",
			g.byAddress[address], address)
	default:
		g.pending[pc] = struct{}{}
		g.byAddress[address]++
		// Under pc.mu: an expiry, however soon, finds the timer set.
		pc.mu.Lock()
		pc.timer = time.AfterFunc(g.timeout, pc.expire)
		pc.mu.Unlock()
	}
	g.mu.Unlock()
	if why != "" {
		g.drops.drop(kind, remote, why)
		return nil
	}
	ctx.SetValue(keyPending, pc)
	return pc
}

// loggedIn takes the connection of ctx out of the gate, its login proven;
// false if its deadline came first.
func (g *gate) loggedIn(ctx ssh.Context) bool {
	pc, ok := ctx.Value(keyPending).(*pendingConn)
	return ok && pc.loggedIn()
}

// count is the number of connections waiting to log in.
func (g *gate) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.pending)
}

// leave takes pc out of the counts. Under pc.mu, once.
func (g *gate) leave(pc *pendingConn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.pending, pc)
	if g.byAddress[pc.address]--; g.byAddress[pc.address] <= 0 {
		delete(g.byAddress, pc.address)
	}
}

// closeAll closes the connections still waiting (at shutdown: they have
// nothing to finish).
func (g *gate) closeAll() {
	g.mu.Lock()
	waiting := make([]*pendingConn, 0, len(g.pending))
	for pc := range g.pending {
		waiting = append(waiting, pc)
	}
	g.mu.Unlock()
	for _, pc := range waiting {
		g.refused(pc.RemoteAddr().String()) // no line each: nothing went wrong
		_ = pc.Close()
	}
}

// pendingConn is a connection in the gate until it logs in, is closed, or
// its deadline comes. A timer rather than a deadline on the connection:
// charm ssh sets (and clears) the connection's deadlines itself.
type pendingConn struct {
	net.Conn
	gate    *gate
	address string // what the per-address cap counts: the IP address
	timer   *time.Timer

	mu   sync.Mutex
	left bool // out of the gate: logged in, closed or expired
}

// out takes the connection out of the gate; false if it already was.
func (pc *pendingConn) out() bool {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.left {
		return false
	}
	pc.left = true
	pc.timer.Stop()
	pc.gate.leave(pc)
	return true
}

func (pc *pendingConn) loggedIn() bool { return pc.out() }

func (pc *pendingConn) expire() {
	if !pc.out() {
		return
	}
	remote := pc.RemoteAddr().String()
	pc.gate.refused(remote)
	pc.gate.drops.drop("deadline", remote, fmt.Sprintf("not logged in within %s", pc.gate.timeout))
	_ = pc.Conn.Close()
}

func (pc *pendingConn) Close() error {
	pc.out()
	return pc.Conn.Close()
}
