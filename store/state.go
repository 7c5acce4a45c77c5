package store

import "context"

// StateStore keeps what the server remembers between starts about its own
// configuration (table app_state): named text values.
type StateStore interface {
	// State returns the value of name, or "" when it was never set.
	State(ctx context.Context, name string) (string, error)
	// SetState sets name to value.
	SetState(ctx context.Context, name, value string) error
}
