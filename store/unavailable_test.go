package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"testing"
)

type pgErr string

func (e pgErr) Error() string    { return "pg " + string(e) }
func (e pgErr) SQLState() string { return string(e) }

type liteErr int

func (e liteErr) Error() string { return fmt.Sprintf("sqlite %d", int(e)) }
func (e liteErr) Code() int     { return int(e) }

func TestIsUnavailable(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{nil, false},
		{ErrNotFound, false},
		{ErrConflict, false},
		{errors.New("boom"), false},
		{context.Canceled, false}, // the client left
		{fmt.Errorf("get: %w", context.DeadlineExceeded), true},
		{&os.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}, true},
		{errors.New("sql: database is closed"), true},
		{pgErr("08006"), true},
		{pgErr("53100"), true},
		{pgErr("57P01"), true},
		{pgErr("57014"), true},
		{pgErr("23505"), false},
		{liteErr(13), true},        // SQLITE_FULL
		{liteErr(10 | 3<<8), true}, // SQLITE_IOERR_WRITE
		{liteErr(2067), false},     // SQLITE_CONSTRAINT_UNIQUE
	} {
		if got := IsUnavailable(c.err); got != c.want {
			t.Errorf("IsUnavailable(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}

// IsFull is a database that cannot write (reads still work), not one that
// is gone.
func TestIsFull(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{nil, false},
		{errors.New("boom"), false},
		{fmt.Errorf("insert: %w", liteErr(13)), true}, // SQLITE_FULL
		{liteErr(8), true},                            // SQLITE_READONLY
		{liteErr(5), false},                           // SQLITE_BUSY: not a full disk
		{pgErr("53100"), true},                        // disk_full
		{pgErr("53200"), false},                       // out of memory
		{pgErr("08006"), false},
		{&os.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}, true},
		{errors.New("sql: database is closed"), false},
	} {
		if got := IsFull(c.err); got != c.want {
			t.Errorf("IsFull(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
