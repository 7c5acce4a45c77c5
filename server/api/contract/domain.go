package contract

import "time"

// DomainStatus is where a custom domain's DNS proof stands: pending until
// its TXT record is found, verified (served) or failed.
type DomainStatus string

// The statuses.
const (
	DomainPending  DomainStatus = "pending"
	DomainVerified DomainStatus = "verified"
	DomainFailed   DomainStatus = "failed"
)

// DomainRecord is one DNS record the owner creates at their DNS provider.
type DomainRecord struct {
	// Type is CNAME, A, AAAA, TXT, or ALIAS (a root domain on a provider
	// without a fixed address: ALIAS, ANAME or CNAME flattening).
	Type  string `json:"type"`
	Name  string `json:"name"`
	Value string `json:"value"`
	// Note explains a record that is not plain DNS.
	Note string `json:"note,omitempty"`
}

// Domain is a blog's custom domain and its verification.
type Domain struct {
	Name    string         `json:"name"`
	Status  DomainStatus   `json:"status"`
	Records []DomainRecord `json:"records"`
	// CheckedAt is the last lookup, VerifiedAt when it was first proven.
	CheckedAt  *time.Time `json:"checkedAt,omitempty"`
	VerifiedAt *time.Time `json:"verifiedAt,omitempty"`
	// Error is why the last check failed.
	Error string `json:"error,omitempty"`
}

// DomainResponse is the workspace's custom domain (null when none).
type DomainResponse struct {
	Domain *Domain `json:"domain"`
}

// DomainInput sets a custom domain (an admin's empty domain removes it).
type DomainInput struct {
	Domain string `json:"domain"`
}

// AdminDomainResponse answers an admin's domain change.
type AdminDomainResponse struct {
	Workspace Workspace `json:"workspace"`
	Domain    *Domain   `json:"domain"`
}
