package customdomain_test

import (
	"context"
	"errors"
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

// A pending claim never blocks the name's real owner: several blogs may
// claim it, the first whose TXT record is found wins, the others' claims
// fail with the reason, and a verified name is refused to new claims.
func TestFirstVerifiedClaimWins(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		ctx := context.Background()
		res := txtResolver{}
		svc := &customdomain.Service{Store: s, PlatformHost: "inkpress.io", Resolver: res, Limiter: ratelimit.New(s)}
		var wss []*store.Workspace
		for _, slug := range []string{"squatter", "owner", "late"} {
			ws, err := s.CreateWorkspace(ctx, store.CreateWorkspace{Name: slug, Slug: slug})
			if err != nil {
				t.Fatal(err)
			}
			wss = append(wss, ws)
		}
		squatter, owner, late := wss[0], wss[1], wss[2]
		if _, _, err := svc.Grant(ctx, squatter.ID, "blog.owner.example"); err != nil {
			t.Fatalf("first claim: %v", err)
		}
		_, od, err := svc.Grant(ctx, owner.ID, "blog.owner.example")
		if err != nil {
			t.Fatalf("the owner's claim while another is pending: %v", err)
		}
		res[customdomain.TXTPrefix+"blog.owner.example"] = []string{customdomain.TXTValue(od.Token)}
		if got, err := svc.Verify(ctx, squatter); err != nil || got.Status == store.DomainVerified {
			t.Fatalf("the squatter's check without its record: %+v, %v", got, err)
		}
		if got, err := svc.Verify(ctx, owner); err != nil || got.Status != store.DomainVerified {
			t.Fatalf("the owner's check: %+v, %v", got, err)
		}
		got, err := svc.Get(ctx, squatter)
		if err != nil || got.Status != store.DomainFailed || got.Error != store.DomainClaimedError {
			t.Fatalf("the squatter's claim after the owner's proof: %+v, %v", got, err)
		}
		// Even with its record found too, a later proof loses to the first.
		sd, _ := svc.Get(ctx, squatter)
		res[customdomain.TXTPrefix+"blog.owner.example"] = []string{customdomain.TXTValue(od.Token), customdomain.TXTValue(sd.Token)}
		if got, err := svc.Verify(ctx, squatter); err != nil || got.Status != store.DomainFailed || got.Error != store.DomainClaimedError {
			t.Fatalf("the squatter checks again with its record: %+v, %v", got, err)
		}
		if _, _, err := svc.Grant(ctx, late.ID, "blog.owner.example"); !errors.Is(err, customdomain.ErrTaken) {
			t.Fatalf("a claim of the verified name: %v", err)
		}
		if err := svc.AllowCertificate(ctx, "blog.owner.example"); err != nil {
			t.Fatalf("certificate for the owner's domain: %v", err)
		}
	})
}
