package sqlstore_test

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store/sqlstore"
)

// A PostgreSQL that accepts connections but never answers makes Open fail
// after the connect timeout instead of hanging the start.
func TestOpenGivesUpOnASilentDatabase(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c) // held open, never answered
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	done := make(chan error, 1)
	go func() {
		db, err := sqlstore.OpenWith(context.Background(), "postgres://u@"+ln.Addr().String()+"/db?sslmode=disable",
			sqlstore.Options{Timeout: 300 * time.Millisecond})
		if err == nil {
			db.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("open succeeded against a silent server")
		}
	case <-time.After(time.Minute): // far beyond the timeout: it hangs
		t.Fatal("open still hanging against a silent server")
	}
}
