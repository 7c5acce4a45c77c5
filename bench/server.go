package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/internal/config"
)

// process is a server under load, running as a subprocess.
type process struct {
	name      string
	base      string // http://127.0.0.1:port
	debug     string // the debug listener's http://127.0.0.1:port (INKPRESS_DEBUG_ADDR)
	path      string
	args, env []string
	readyPath string
	cmd       *exec.Cmd
	done      chan struct{}
	err       error
	stopOnce  *sync.Once
}

// freeAddr returns a loopback address with a port nobody listens on.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// startServer starts the InkPress binary (or, with profile set, this bench
// binary running the app in-process under a CPU profile) on dbURL, with a
// data directory of its own. Its counters are served on a debug listener
// (INKPRESS_DEBUG_ADDR) and X-Forwarded-For is trusted from loopback, so
// each simulated client can have its own address.
func startServer(ctx context.Context, o options, dbURL, tmp, profile string) (*process, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	debugAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	dataDir, err := os.MkdirTemp(tmp, "data-")
	if err != nil {
		return nil, err
	}
	env := []string{"INKPRESS_ADDR=" + addr, "INKPRESS_BASE_URL=http://" + addr, "INKPRESS_DATABASE_URL=" + dbURL,
		"INKPRESS_DATA_DIR=" + dataDir, "INKPRESS_DEMO=false", "INKPRESS_LOG_LEVEL=error",
		"INKPRESS_DEBUG_ADDR=" + debugAddr, "INKPRESS_TRUSTED_PROXIES=127.0.0.1"}
	path, args := o.bin, []string(nil)
	if profile != "" {
		if path, err = os.Executable(); err != nil {
			return nil, err
		}
		args = []string{"-serve-app", "-cpuprofile", profile}
	}
	p, err := startProcess(ctx, "inkpress", path, args, env, addr, "/healthz")
	if err != nil {
		return nil, err
	}
	p.debug = "http://" + debugAddr
	return p, nil
}

// startCeiling fetches the post page at pageURL and serves the same bytes
// (compressed or not, as the server sent them) from memory in a second
// process: this binary in -static-file mode.
func startCeiling(ctx context.Context, tmp, pageURL string) (*process, error) {
	body, encoding, err := fetch(ctx, pageURL)
	if err != nil {
		return nil, fmt.Errorf("ceiling page: %w", err)
	}
	file := filepath.Join(tmp, "ceiling.html")
	if err := os.WriteFile(file, body, 0o644); err != nil {
		return nil, err
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	args := []string{"-static-file", file, "-static-addr", addr, "-static-encoding", encoding}
	return startProcess(ctx, "static", self, args, nil, addr, "/")
}

// fetch GETs url as a browser would and returns the wire bytes of a 200
// answer with their Content-Encoding: the client never decompresses, as
// real readers and crawlers do it on their own machines.
func fetch(ctx context.Context, url string) ([]byte, string, error) {
	body, h, err := fetchAs(ctx, url, clientHeader)
	return body, h.Get("Content-Encoding"), err
}

// fetchAs GETs url with header and returns the wire bytes of a 200 answer
// and its header.
func fetchAs(ctx context.Context, url string, header http.Header) ([]byte, http.Header, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, nil, err
	}
	req.Header = header.Clone()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return body, resp.Header, err
}

func startProcess(ctx context.Context, name, path string, args, env []string, addr, readyPath string) (*process, error) {
	p := &process{name: name, base: "http://" + addr, path: path, args: args, env: env, readyPath: readyPath}
	if err := p.start(ctx); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *process) start(ctx context.Context) error {
	cmd := exec.Command(p.path, p.args...)
	cmd.Env = append(cleanEnv(), p.env...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", p.name, err)
	}
	done := make(chan struct{})
	p.cmd, p.done, p.err, p.stopOnce = cmd, done, nil, &sync.Once{}
	go func() { p.err = cmd.Wait(); close(done) }()
	if err := p.waitReady(ctx, p.readyPath, time.Minute); err != nil {
		p.stop()
		return err
	}
	return nil
}

// restart stops the process and starts it again with the same settings:
// same address, database and data directory (what it stored survives,
// what it held in memory does not).
func (p *process) restart(ctx context.Context) error {
	p.stop()
	return p.start(ctx)
}

// cleanEnv is this process's environment without INKPRESS_ settings, so a
// developer's shell cannot change what the bench measures.
func cleanEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "INKPRESS_") {
			out = append(out, kv)
		}
	}
	return out
}

// waitReady polls readyPath until it answers 200.
func (p *process) waitReady(ctx context.Context, readyPath string, timeout time.Duration) error {
	client := &http.Client{Timeout: 2 * time.Second}
	defer client.CloseIdleConnections()
	deadline := time.Now().Add(timeout)
	for {
		resp, err := client.Get(p.base + readyPath)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s not ready at %s after %s", p.name, p.base+readyPath, timeout)
		}
		select {
		case <-p.done:
			return fmt.Errorf("%s exited: %v", p.name, p.err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// stop asks for a graceful shutdown (the server flushes its view counts)
// and kills the process if it takes too long.
func (p *process) stop() {
	p.stopOnce.Do(func() {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(15 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	})
}

// serveStatic is the static ceiling: a bare net/http handler writing the
// file's bytes from memory with Content-Type and Content-Length (and
// Content-Encoding when the page was fetched compressed).
func serveStatic(ctx context.Context, file, addr, encoding string) error {
	body, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	length := strconv.Itoa(len(body))
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", length)
		if encoding != "" {
			w.Header().Set("Content-Encoding", encoding)
		}
		_, _ = w.Write(body)
	})
	return serveUntil(ctx, &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second})
}

func serveUntil(ctx context.Context, srv *http.Server) error {
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// serveApp runs InkPress in this process as `inkpress serve` does (same
// environment variables) while writing a CPU profile until it is stopped:
// the -cpuprofile mode, for finding what a slow target spends its time on.
func serveApp(ctx context.Context, profile string) error {
	cfg, err := config.FromEnv(nil)
	if err != nil {
		return err
	}
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	slog.SetDefault(logger)
	f, err := os.Create(profile)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(f); err != nil {
		return err
	}
	defer pprof.StopCPUProfile()
	a, err := app.New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.Prepare(ctx); err != nil {
		return err
	}
	return a.Run(ctx)
}
