package store

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"strings"
	"syscall"
)

// RetryAfterSeconds is what an answer given during an outage asks clients
// to wait before trying again.
const RetryAfterSeconds = 30

// IsUnavailable reports whether err says a dependency is down or full
// rather than that the request was wrong: the database unreachable, slow
// past its deadline or closed, the disk full or failing. Such failures are
// answered 503 with Retry-After, not 500. Drivers are recognised by the
// methods their errors carry (PostgreSQL's SQLSTATE, SQLite's result
// code), so this package imports none.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, sql.ErrConnDone),
		errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EIO), errors.Is(err, syscall.EROFS),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.As(err, &ne), strings.Contains(err.Error(), "sql: database is closed"):
		return true
	}
	var pg interface{ SQLState() string }
	if errors.As(err, &pg) {
		s := pg.SQLState()
		// 08: connection exception; 53: insufficient resources (disk
		// full, out of memory, too many connections); 57P: shutdown,
		// cannot connect now; 57014: statement timeout.
		return strings.HasPrefix(s, "08") || strings.HasPrefix(s, "53") || strings.HasPrefix(s, "57P") || s == "57014"
	}
	var lite interface{ Code() int }
	if errors.As(err, &lite) {
		switch lite.Code() & 0xff {
		case 5, 6, 8, 10, 13, 14: // BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN
			return true
		}
	}
	return false
}

// IsFull reports whether err says the database cannot write for lack of
// room or permission: the disk full (SQLite FULL, PostgreSQL 53100
// disk_full, ENOSPC) or read-only (SQLite READONLY, EROFS). Reads still
// work: a caller may keep what it needed to write elsewhere (in memory)
// and go on.
func IsFull(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EROFS) {
		return true
	}
	var pg interface{ SQLState() string }
	if errors.As(err, &pg) {
		return pg.SQLState() == "53100"
	}
	var lite interface{ Code() int }
	if errors.As(err, &lite) {
		switch lite.Code() & 0xff {
		case 8, 13: // READONLY, FULL
			return true
		}
	}
	return false
}
