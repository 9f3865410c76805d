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
// within a second or two; one still logging in after a few seconds is slow,
// and it is the slow ones one address may hold only a few of. Fast ones are
// not limited by address: a team behind one NAT arriving at nine o'clock
// logs in at once (issue 26 §8), and only the cap in all bounds them.
const (
	defaultHandshakeTimeout             = 20 * time.Second
	defaultSlowHandshake                = 5 * time.Second
	defaultMaxUnauthenticated           = 100
	defaultMaxUnauthenticatedPerAddress = 10
)

// errLoginTooLate is a login proven after its connection's deadline.
var errLoginTooLate = errors.New("the handshake deadline passed")

// gate admits connections until they log in: at most total in all, each
// for at most timeout, and at most perAddress from one address once they
// have been logging in for slowAfter. Those over the cap in all are closed
// at once; when one more of an address turns slow than perAddress allows,
// the oldest slow one of that address is closed (the nearest to its
// deadline, and never the newcomer: a recruiter typing a passphrase behind
// a flood's address still gets in); those past the deadline when it comes.
// Each is logged.
type gate struct {
	perAddress, total  int
	timeout, slowAfter time.Duration
	drops              *dropLog
	refused            func(remote string) // a drop already logged: not again as a failure

	mu      sync.Mutex
	pending map[*pendingConn]struct{}
	slow    map[string][]*pendingConn // by address, the slow ones, oldest first
}

func newGate(o Options, drops *dropLog, refused func(string)) *gate {
	g := &gate{perAddress: o.MaxUnauthenticatedPerAddress, total: o.MaxUnauthenticated,
		timeout: o.HandshakeTimeout, slowAfter: o.SlowHandshake,
		drops: drops, refused: refused, pending: map[*pendingConn]struct{}{}, slow: map[string][]*pendingConn{}}
	if g.perAddress <= 0 {
		g.perAddress = defaultMaxUnauthenticatedPerAddress
	}
	if g.total <= 0 {
		g.total = defaultMaxUnauthenticated
	}
	if g.timeout <= 0 {
		g.timeout = defaultHandshakeTimeout
	}
	if g.slowAfter <= 0 {
		g.slowAfter = defaultSlowHandshake
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
	n := len(g.pending)
	full := n >= g.total
	if !full {
		g.pending[pc] = struct{}{}
		// Under pc.mu: an expiry, however soon, finds the timers set.
		pc.mu.Lock()
		pc.timer = time.AfterFunc(g.timeout, pc.expire)
		pc.slowTimer = time.AfterFunc(g.slowAfter, pc.turnSlow)
		pc.mu.Unlock()
	}
	g.mu.Unlock()
	if full {
		g.drops.drop("total", remote, fmt.Sprintf("%d connections have not logged in yet, the limit", n))
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

// slowFrom is the number of slow connections from address.
func (g *gate) slowFrom(address string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.slow[address])
}

// leave takes pc out of the counts. Under pc.mu, once.
func (g *gate) leave(pc *pendingConn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.pending, pc)
	g.unslow(pc)
}

// unslow takes pc off its address's slow list, if it is there. Under g.mu.
func (g *gate) unslow(pc *pendingConn) {
	list := g.slow[pc.address]
	for i, o := range list {
		if o == pc {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(g.slow, pc.address)
		return
	}
	g.slow[pc.address] = list
}

// slowed counts pc among its address's slow connections and, when that
// makes one more than perAddress, takes the oldest off the list and
// returns it to be closed. Under pc.mu.
func (g *gate) slowed(pc *pendingConn) (oldest *pendingConn, n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	list := append(g.slow[pc.address], pc)
	if len(list) > g.perAddress {
		oldest, list = list[0], list[1:]
	}
	g.slow[pc.address] = list
	return oldest, len(list)
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
// its deadline comes. Timers rather than a deadline on the connection:
// charm ssh sets (and clears) the connection's deadlines itself.
type pendingConn struct {
	net.Conn
	gate      *gate
	address   string // what the per-address cap counts: the IP address
	timer     *time.Timer
	slowTimer *time.Timer

	mu   sync.Mutex
	left bool // out of the gate: logged in, closed, expired or pushed out
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
	pc.slowTimer.Stop()
	pc.gate.leave(pc)
	return true
}

func (pc *pendingConn) loggedIn() bool { return pc.out() }

func (pc *pendingConn) expire() {
	pc.drop("deadline", fmt.Sprintf("not logged in within %s", pc.gate.timeout))
}

// turnSlow counts the connection as slow once it has been logging in for
// slowAfter, and closes its address's oldest slow one if that makes one
// too many.
func (pc *pendingConn) turnSlow() {
	pc.mu.Lock()
	if pc.left {
		pc.mu.Unlock()
		return
	}
	oldest, n := pc.gate.slowed(pc)
	pc.mu.Unlock()
	if oldest != nil {
		oldest.drop("address", fmt.Sprintf("more than %d connections from %s still logging in after %s, the limit from one address; the oldest closed",
			n, pc.address, pc.gate.slowAfter))
	}
}

// drop closes the connection if it is still in the gate, and logs why.
func (pc *pendingConn) drop(kind, why string) {
	if !pc.out() {
		return
	}
	remote := pc.RemoteAddr().String()
	pc.gate.refused(remote)
	pc.gate.drops.drop(kind, remote, why)
	_ = pc.Conn.Close()
}

func (pc *pendingConn) Close() error {
	pc.out()
	return pc.Conn.Close()
}
