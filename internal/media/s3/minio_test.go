package s3

import (
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/toolcache"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// minioPath is where scripts/test-deps.sh builds MinIO; INKPRESS_MINIO overrides it.
func minioPath() string { return toolcache.Path("minio", "INKPRESS_MINIO") }

// startMinIO runs a MinIO server on a free loopback port with a temporary
// data directory and one bucket. Without the binary the test is skipped,
// saying why, or fails when MinIO is required (make test, CI).
func startMinIO(t *testing.T) server {
	t.Helper()
	bin := minioPath()
	if _, err := os.Stat(bin); err != nil {
		toolcache.Missing(t, toolcache.MinIO, "MinIO is not installed at "+bin+" (the S3 suite ran against the fake only)",
			"scripts/test-deps.sh minio builds it, about 12 minutes (GOBIN=$HOME/.cache/inkpress-tools go install github.com/minio/minio@latest)")
	}
	addr, console := freeAddr(t), freeAddr(t)
	srv := server{endpoint: addr, bucket: "inkpress-test", access: "inkpress-test", secret: "inkpress-test-secret"}
	cmd := exec.Command(bin, "server", "--quiet", "--address", addr, "--console-address", console, t.TempDir())
	cmd.Env = append(os.Environ(), "MINIO_ROOT_USER="+srv.access, "MINIO_ROOT_PASSWORD="+srv.secret,
		"MINIO_BROWSER=off", "MINIO_UPDATE=off")
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start MinIO: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	// Wait for readiness: poll the health endpoint until MinIO answers, it
	// exits, or a generous deadline passes.
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/minio/health/ready")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		select {
		case err := <-exited:
			t.Fatalf("MinIO exited: %v\n%s", err, out.String())
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("MinIO not ready after 60s:\n%s", out.String())
		}
	}
	client, err := minio.New(addr, &minio.Options{Creds: credentials.NewStaticV4(srv.access, srv.secret, ""), Region: "us-east-1"})
	if err != nil {
		t.Fatal(err)
	}
	if err := client.MakeBucket(context.Background(), srv.bucket, minio.MakeBucketOptions{Region: "us-east-1"}); err != nil {
		t.Fatalf("make bucket: %v", err)
	}
	return srv
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
