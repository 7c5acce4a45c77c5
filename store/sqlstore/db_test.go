package sqlstore_test

import (
	"context"
	"net"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
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

// frozenProxy forwards TCP to target until freeze is closed; then it keeps
// the connections open and passes nothing on, like a database server that
// stops answering without refusing.
func frozenProxy(t *testing.T, target string) (addr string, freeze func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	frozen := make(chan struct{})
	var mu sync.Mutex
	var conns []net.Conn
	pipe := func(dst, src net.Conn) {
		buf := make([]byte, 32<<10)
		for {
			n, err := src.Read(buf)
			if err != nil {
				return
			}
			select {
			case <-frozen:
				<-make(chan struct{}) // held, never answered (closed at cleanup)
			default:
			}
			if _, err := dst.Write(buf[:n]); err != nil {
				return
			}
		}
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, c, s)
			mu.Unlock()
			go pipe(s, c)
			go pipe(c, s)
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
	var once sync.Once
	return ln.Addr().String(), func() { once.Do(func() { close(frozen) }) }
}

// A PostgreSQL server that freezes after the start does not hold a query
// without a deadline of its own: the client's deadline ends it (the
// server's statement_timeout cannot, the server being frozen).
func TestQueriesGiveUpOnAFrozenDatabase(t *testing.T) {
	u, err := url.Parse(storetest.PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	addr, freeze := frozenProxy(t, u.Host)
	u.Host = addr
	db, err := sqlstore.OpenWith(context.Background(), u.String(), sqlstore.Options{Timeout: 2 * time.Second, QueryTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.CountPosts(context.Background(), store.FindPost{}); err != nil {
		t.Fatalf("before the freeze: %v", err)
	}
	freeze()
	done := make(chan error, 1)
	go func() {
		_, err := db.CountPosts(context.Background(), store.FindPost{}) // no deadline of its own
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a query answered by a frozen server")
		}
	case <-time.After(time.Minute): // far beyond the deadline: it hangs
		t.Fatal("a query still waits on a frozen server")
	}
}

// Open refuses a database it does not speak instead of making a SQLite
// file named after the URL.
func TestOpenRefusesAnUnknownScheme(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if db, err := sqlstore.Open(context.Background(), "mysql://root@db/ink"); err == nil || !strings.Contains(err.Error(), `unknown database URL scheme "mysql"`) {
		if db != nil {
			db.Close()
		}
		t.Fatalf("Open(mysql://...): %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Open left %d files behind", len(entries))
	}
}
