package sshserve

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
)

// hostPatterns is a from= pattern-list: comma-separated entries, each an
// address, a network in CIDR notation, or a host pattern with * and ?
// wildcards; ! before an entry negates it.
//
// As sshd (sshd(8) AUTHORIZED_KEYS FILE FORMAT, ssh_config(5) PATTERNS):
// a negated entry that matches keeps the key out whatever else matches;
// otherwise one matching entry lets it in. hrdesk does no reverse DNS, so
// it matches against the client's IP address only, as sshd does with
// UseDNS no: a host pattern is compared with the address written out
// ("10.1.2.*" works, "*.example.com" never matches).
type hostPatterns struct {
	text    string // as written, for the log
	entries []hostPattern
}

type hostPattern struct {
	negated bool
	network netip.Prefix // valid for an address or CIDR entry
	glob    string       // lower-cased, for a wildcard entry
}

// parseHostPatterns refuses what sshd would fail on or silently never
// match: an empty entry, a network with bits set past its mask
// (10.0.0.1/8), a malformed CIDR entry, an address with a zone.
func parseHostPatterns(list string) (*hostPatterns, error) {
	p := &hostPatterns{text: list}
	for _, e := range strings.Split(list, ",") {
		var hp hostPattern
		e, hp.negated = strings.CutPrefix(e, "!")
		switch {
		case e == "":
			return nil, errors.New("an empty entry")
		case strings.Contains(e, "/"):
			n, err := netip.ParsePrefix(e)
			if err != nil {
				return nil, fmt.Errorf("%q is not a network", e)
			}
			if n != n.Masked() {
				return nil, fmt.Errorf("%q has bits set past its mask (did you mean %s?)", e, n.Masked())
			}
			hp.network = n
		default:
			if a, err := netip.ParseAddr(e); err == nil {
				if a.Zone() != "" {
					return nil, fmt.Errorf("%q: zones are not supported", e)
				}
				hp.network = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
			} else {
				hp.glob = strings.ToLower(e)
			}
		}
		p.entries = append(p.entries, hp)
	}
	return p, nil
}

// match says whether the list lets in a client at ip.
func (p *hostPatterns) match(ip netip.Addr) bool {
	text := strings.ToLower(ip.String())
	matched := false
	for _, e := range p.entries {
		var hit bool
		if e.network.IsValid() {
			hit = e.network.Contains(ip)
		} else {
			hit = wildcard(e.glob, text)
		}
		if hit && e.negated {
			return false
		}
		matched = matched || hit
	}
	return matched
}

// wildcard matches s against pattern, where * is any run of characters and
// ? any one (OpenSSH's match_pattern: no classes, no escapes).
func wildcard(pattern, s string) bool {
	p, i := 0, 0
	star, from := -1, 0 // the last *, and where in s it started matching
	for i < len(s) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, from = p, i
			p++
		case p < len(pattern) && (pattern[p] == '?' || pattern[p] == s[i]):
			p++
			i++
		case star >= 0:
			from++
			p, i = star+1, from
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}
