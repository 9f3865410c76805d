package sshserve

import (
	"net"
	"net/netip"
	"testing"
	"time"
)

// from= as sshd reads it with UseDNS no: addresses, networks, wildcards
// against the address text, and a matching negation wins over everything.
func TestHostPatterns(t *testing.T) {
	for _, c := range []struct {
		list, ip string
		want     bool
	}{
		{"10.9.9.9", "127.0.0.1", false},
		{"127.0.0.1", "127.0.0.1", true},
		{"127.0.0.0/8", "127.0.0.1", true},
		{"127.0.0.0/8", "128.0.0.1", false},
		{"!127.0.0.1,*", "127.0.0.1", false},
		{"*,!127.0.0.1", "127.0.0.1", false}, // order does not matter
		{"!127.0.0.0/8,*", "127.0.0.1", false},
		{"!10.0.0.0/8,*", "127.0.0.1", true},
		{"!10.0.0.0/8", "127.0.0.1", false}, // a negation alone lets no one in
		{"10.9.9.9,127.0.0.1", "127.0.0.1", true},
		{"127.0.0.?", "127.0.0.1", true},
		{"127.0.0.?", "127.0.0.10", false},
		{"127.*", "127.0.0.1", true},
		{"*.example.com", "127.0.0.1", false}, // no reverse DNS
		{"localhost", "127.0.0.1", false},
		{"::1", "::1", true},
		{"::1", "127.0.0.1", false},
		{"2001:db8::/32", "2001:db8:1::5", true},
		{"2001:db8::/32", "2001:db9::5", false},
		{"!2001:db8::/32,::/0", "2001:db8::1", false},
		{"2001:DB8::*", "2001:db8::5", true}, // patterns are case-insensitive, as sshd's
		{"::ffff:127.0.0.1", "127.0.0.1", true},
	} {
		p, err := parseHostPatterns(c.list)
		if err != nil {
			t.Errorf("%q: %v", c.list, err)
			continue
		}
		if got := p.match(netip.MustParseAddr(c.ip)); got != c.want {
			t.Errorf("from=%q from %s: %v, want %v", c.list, c.ip, got, c.want)
		}
	}
}

// What sshd fails on, or would silently never match, refuses the line.
func TestHostPatternsRefused(t *testing.T) {
	for _, list := range []string{"", ",127.0.0.1", "127.0.0.1,", "!", "10.0.0.1/8", "10.0.0.0/33", "10.0.0.0/x", "fe80::1%eth0", "host/8"} {
		if _, err := parseHostPatterns(list); err == nil {
			t.Errorf("from=%q accepted", list)
		}
	}
}

// An IPv4 client of a dual-stack listener arrives as ::ffff:a.b.c.d; it is
// matched as the IPv4 address it is.
func TestFromMatchesMappedClient(t *testing.T) {
	p, err := parseHostPatterns("10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	mapped := &net.TCPAddr{IP: net.ParseIP("::ffff:10.1.2.3").To16(), Port: 4000}
	if err := (keyLimits{from: p}).admits(mapped, time.Now()); err != nil {
		t.Error(err)
	}
	if err := (keyLimits{from: p}).admits(&net.UnixAddr{Name: "/x"}, time.Now()); err == nil {
		t.Error("a client without an IP address passed from=")
	}
}

func TestWildcard(t *testing.T) {
	for _, c := range []struct {
		pattern, s string
		want       bool
	}{
		{"*", "", true}, {"*", "abc", true}, {"", "", true}, {"", "a", false},
		{"a*c", "abbbc", true}, {"a*c", "abcb", false}, {"a*b*c", "axbyc", true},
		{"a?c", "abc", true}, {"a?c", "ac", false}, {"*c", "cbc", true},
		{"a[b]c", "abc", false}, // no classes
		{"10.0.*.1", "10.0.255.1", true}, {"10.0.*.1", "10.0.255.2", false},
	} {
		if got := wildcard(c.pattern, c.s); got != c.want {
			t.Errorf("wildcard(%q, %q) = %v", c.pattern, c.s, got)
		}
	}
}
