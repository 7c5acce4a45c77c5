package customdomain_test

import (
	"context"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/customdomain"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

// AllowCertificate is the gate of on-demand TLS: it answers yes for a
// verified custom domain's exact name only.
func TestAllowCertificate(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		ctx := context.Background()
		svc := &customdomain.Service{Store: s, PlatformHost: "inkpress.io"}
		now := time.Now().UTC()
		for i, d := range []store.Domain{
			{Name: "verified.example.com", Status: store.DomainVerified, Token: "t", VerifiedAt: now},
			{Name: "xn--bcher-kva.example", Status: store.DomainVerified, Token: "t", VerifiedAt: now},
			{Name: "pending.example.com", Status: store.DomainPending, Token: "t"},
			{Name: "failed.example.com", Status: store.DomainFailed, Token: "t", Error: "No TXT record"},
		} {
			ws, err := s.CreateWorkspace(ctx, store.CreateWorkspace{Name: d.Name, Slug: "ws" + string(rune('a'+i))})
			if err != nil {
				t.Fatal(err)
			}
			d.WorkspaceID, d.AddedAt = ws.ID, now
			if err := s.SetDomain(ctx, &d); err != nil {
				t.Fatal(err)
			}
		}
		for _, tc := range []struct {
			name  string
			allow bool
		}{
			{"verified.example.com", true},
			{"VERIFIED.example.com", true},
			{"verified.example.com.", true},
			{"xn--bcher-kva.example", true},
			{"bücher.example", false}, // a TLS client sends the ASCII form
			{"www.verified.example.com", false},
			{"example.com", false},
			{"pending.example.com", false},
			{"failed.example.com", false},
			{"unknown.example.com", false},
			{"inkpress.io", false},
			{"jane.inkpress.io", false},
			{"203.0.113.7", false},
			{"2001:db8::7", false},
			{"localhost", false},
			{"", false},
			{"*.verified.example.com", false},
		} {
			err := svc.AllowCertificate(ctx, tc.name)
			if (err == nil) != tc.allow {
				t.Errorf("AllowCertificate(%q) = %v, want allowed %v", tc.name, err, tc.allow)
			}
		}
	})
}

// countingStore counts FindDomain queries.
type countingStore struct {
	*sqlstore.DB
	finds int
}

func (c *countingStore) FindDomain(ctx context.Context, name string) (*store.Domain, error) {
	c.finds++
	return c.DB.FindDomain(ctx, name)
}

type txtResolver map[string][]string

func (r txtResolver) LookupTXT(_ context.Context, name string) ([]string, error) { return r[name], nil }

// A refused name is refused again without a query for RefusalTTL, so a
// flood of handshakes for one unknown name costs one query a minute; a
// domain verified on this instance is allowed at once.
func TestAllowCertificateRemembersRefusals(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		ctx := context.Background()
		cs := &countingStore{DB: s}
		now := time.Now().UTC()
		res := txtResolver{}
		svc := &customdomain.Service{Store: cs, PlatformHost: "inkpress.io", Resolver: res, Limiter: ratelimit.New(s),
			Now: func() time.Time { return now }}
		ws, err := s.CreateWorkspace(ctx, store.CreateWorkspace{Name: "W", Slug: "w"})
		if err != nil {
			t.Fatal(err)
		}
		d := store.Domain{WorkspaceID: ws.ID, Name: "pending.example.com", Status: store.DomainPending, Token: "tok", AddedAt: now}
		if err := s.SetDomain(ctx, &d); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"unknown.example.com", "pending.example.com"} {
			before := cs.finds
			for range 50 {
				if err := svc.AllowCertificate(ctx, name); err == nil {
					t.Fatalf("%s allowed", name)
				}
			}
			if q := cs.finds - before; q != 1 {
				t.Fatalf("50 handshakes for %s: %d queries, want 1", name, q)
			}
		}
		now = now.Add(customdomain.RefusalTTL)
		before := cs.finds
		if err := svc.AllowCertificate(ctx, "unknown.example.com"); err == nil || cs.finds != before+1 {
			t.Fatalf("after the TTL: %v, %d queries", err, cs.finds-before)
		}
		// The owner proves the domain here: its certificate is allowed now.
		res[customdomain.TXTPrefix+"pending.example.com"] = []string{customdomain.TXTValue("tok")}
		if got, err := svc.Verify(ctx, ws); err != nil || got.Status != store.DomainVerified {
			t.Fatalf("verify: %+v, %v", got, err)
		}
		if err := svc.AllowCertificate(ctx, "pending.example.com"); err != nil {
			t.Fatalf("just verified: %v", err)
		}
	})
}
