package sshserve

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"regexp"
	"strings"
	"time"
)

// The options of an authorized_keys line (sshd(8), AUTHORIZED_KEYS FILE
// FORMAT), decided once, failing closed: an option hrdesk cannot honour
// refuses the whole line, so a key its owner meant to restrict never gets
// in unrestricted.
//
//   - honoured: from="pattern-list", expiry-time="YYYYMMDD[HHMM[SS]][Z]".
//   - accepted, because they only forbid what hrdesk never offers: charm
//     ssh's server (as hrdesk builds it) has no port-forwarding channel or
//     request handler, answers an agent request but never opens an agent
//     channel, refuses X11 requests, and runs no ~/.ssh/rc.
//   - refused, everything else: restrict, command=, no-pty (hrdesk always
//     runs the workstation, with a terminal), permitopen=, permitlisten=,
//     environment=, principals= and cert-authority (no certificates here),
//     tunnel=, no-touch-required and verify-required (FIDO policy hrdesk
//     cannot check), the pty/…-forwarding grants that only mean something
//     after restrict, and any option hrdesk does not know.
var neverOffered = map[string]bool{
	"no-port-forwarding":  true,
	"no-agent-forwarding": true,
	"no-x11-forwarding":   true,
	"no-user-rc":          true,
}

// keyLimits are the restrictions of one line that hrdesk honours.
type keyLimits struct {
	from    *hostPatterns // nil: from anywhere
	expires time.Time     // zero: never
}

// parseKeyOptions reads the options ssh.ParseAuthorizedKey split off a
// line (commas inside quotes already respected). Option names are
// case-insensitive, as in sshd. loc is the zone of an expiry time without Z.
func parseKeyOptions(opts []string, loc *time.Location) (keyLimits, error) {
	var l keyLimits
	for _, opt := range opts {
		name, value, hasValue := strings.Cut(opt, "=")
		name = strings.ToLower(name)
		switch {
		case neverOffered[name] && !hasValue:
		case name == "from" && hasValue:
			if l.from != nil {
				return l, errors.New(`more than one from= option`)
			}
			v, err := dequote(value)
			if err != nil {
				return l, fmt.Errorf("from=: %w", err)
			}
			if l.from, err = parseHostPatterns(v); err != nil {
				return l, fmt.Errorf("from=: %w", err)
			}
		case name == "expiry-time" && hasValue:
			v, err := dequote(value)
			if err != nil {
				return l, fmt.Errorf("expiry-time=: %w", err)
			}
			t, err := parseExpiry(v, loc)
			if err != nil {
				return l, err
			}
			// As sshd: of several, the earliest counts.
			if l.expires.IsZero() || t.Before(l.expires) {
				l.expires = t
			}
		default:
			return l, fmt.Errorf("option %s cannot be honoured by hrdesk", optionName(name, hasValue))
		}
	}
	return l, nil
}

// optionName is an option as a warning shows it: the name only (a value
// may be long or hold anything), quoted unless plain.
func optionName(name string, hasValue bool) string {
	if hasValue {
		name += "="
	}
	if !plainOption.MatchString(name) {
		return fmt.Sprintf("%.40q", name)
	}
	return name
}

var plainOption = regexp.MustCompile(`^[a-z0-9-]{1,40}=?$`)

// dequote reads an option value as sshd's opt_dequote does: in double
// quotes, with \" standing for a quote, and nothing after the closing one.
func dequote(v string) (string, error) {
	if !strings.HasPrefix(v, `"`) {
		return "", errors.New("the value must be in double quotes")
	}
	var b strings.Builder
	for i := 1; i < len(v); i++ {
		switch {
		case v[i] == '\\' && i+1 < len(v) && v[i+1] == '"':
			b.WriteByte('"')
			i++
		case v[i] == '"':
			if i != len(v)-1 {
				return "", errors.New("text after the closing quote")
			}
			return b.String(), nil
		default:
			b.WriteByte(v[i])
		}
	}
	return "", errors.New("no closing quote")
}

// parseExpiry reads sshd's YYYYMMDD[HHMM[SS]] with an optional Z for UTC;
// without it the time is in loc (sshd: the system time zone).
func parseExpiry(v string, loc *time.Location) (time.Time, error) {
	digits := v
	if strings.HasSuffix(v, "Z") || strings.HasSuffix(v, "z") {
		digits, loc = v[:len(v)-1], time.UTC
	}
	layout := map[int]string{8: "20060102", 12: "200601021504", 14: "20060102150405"}[len(digits)]
	if layout == "" || strings.Trim(digits, "0123456789") != "" {
		return time.Time{}, fmt.Errorf("expiry-time=%q is not YYYYMMDD[HHMM[SS]][Z]", v)
	}
	t, err := time.ParseInLocation(layout, digits, loc)
	if err != nil {
		return time.Time{}, fmt.Errorf("expiry-time=%q is not a date", v)
	}
	return t, nil
}

// admits says why a line's limits keep the key out when it logs in from
// remote at now, or nil when they let it in.
func (l keyLimits) admits(remote net.Addr, now time.Time) error {
	if !l.expires.IsZero() && now.After(l.expires) {
		return fmt.Errorf("expired at %s", l.expires.Format(time.RFC3339))
	}
	if l.from == nil {
		return nil
	}
	ip, ok := remoteIP(remote)
	if !ok {
		return fmt.Errorf("from=%q: the client address %s is not an IP address", l.from.text, remote)
	}
	if !l.from.match(ip) {
		return fmt.Errorf("from=%q does not allow %s", l.from.text, ip)
	}
	return nil
}

// remoteIP is the client's address as from= sees it: an IPv4 client of a
// dual-stack listener is IPv4, and a zone does not count.
func remoteIP(a net.Addr) (netip.Addr, bool) {
	if a == nil {
		return netip.Addr{}, false
	}
	if tcp, ok := a.(*net.TCPAddr); ok {
		ip := tcp.AddrPort().Addr()
		return ip.Unmap().WithZone(""), ip.IsValid()
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}, false
	}
	return ap.Addr().Unmap().WithZone(""), true
}
