package customdomain_test

import (
	"context"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/customdomain"
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
