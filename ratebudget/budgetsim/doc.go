// Package budgetsim holds tests only: the budget measured against the fake
// service, a whole sync's worth of requests on a fake clock (several
// profiles sharing one budget; a service stricter than the contract).
// They live apart from package budget because they link the cache, the
// sync engine and the fake: the budget's own tests stay a small binary,
// which mutation testing rebuilds for every mutant.
package budgetsim
