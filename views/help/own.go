package help

import "charm.land/bubbles/v2/key"

// SetOwn lists the recruiter's own actions ([[actions]], issue 31 §3),
// each key with its name. A session served over SSH is handed none, so
// its help never names one.
func (m *Model) SetOwn(keys []key.Binding) {
	m.own = append(m.own[:0], keys...)
	m.build()
}
