package cli

// explained is an error said in plain words that keeps its cause, so the
// workstation can still tell an expired session from a refusal from a
// network failure (errors.Is / errors.As see through it).
type explained struct {
	msg   string
	cause error
}

func (e *explained) Error() string { return e.msg }
func (e *explained) Unwrap() error { return e.cause }

// explain words err with how and keeps err underneath.
func explain(err error, how func(error) error) error {
	if err == nil {
		return nil
	}
	return &explained{msg: how(err).Error(), cause: err}
}
