package auth

import (
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/ratelimit"
)

func TestValidateSignUp(t *testing.T) {
	tests := []struct {
		name     string
		in       SignUpInput
		email    string
		blogName string
		wantErr  string
	}{
		{"valid", SignUpInput{Name: " Jane ", Email: " Jane@Example.com ", Password: "secret"}, "jane@example.com", "Jane's Blog", ""},
		{"own blog name", SignUpInput{Name: "Jane", Email: "j@example.com", Password: "secret", BlogName: " Notes "}, "j@example.com", "Notes", ""},
		{"no name", SignUpInput{Email: "j@example.com", Password: "secret"}, "", "", "Name is required"},
		{"long name", SignUpInput{Name: strings.Repeat("n", MaxNameLen+1), Email: "j@example.com", Password: "secret"}, "", "",
			"Name must be at most 100 characters"},
		{"no email", SignUpInput{Name: "J", Email: " ", Password: "secret"}, "", "", "Email is required"},
		{"bad email", SignUpInput{Name: "J", Email: "not-an-email", Password: "secret"}, "", "", "Please enter a valid email address"},
		{"short password", SignUpInput{Name: "J", Email: "j@example.com", Password: "12345"}, "", "", "Password must be at least 6 characters"},
		{"long password", SignUpInput{Name: "J", Email: "j@example.com", Password: strings.Repeat("p", MaxPasswordLen+1)}, "", "",
			"Password must be at most 72 bytes (letters with accents and symbols take 2 to 4 bytes each; this one has 73)"},
		// 30 characters, 90 bytes: the limit is bcrypt's, in bytes.
		{"long in bytes", SignUpInput{Name: "J", Email: "j@example.com", Password: strings.Repeat("€", 30)}, "", "",
			"Password must be at most 72 bytes (letters with accents and symbols take 2 to 4 bytes each; this one has 90)"},
		{"72 bytes of 3-byte characters", SignUpInput{Name: "J", Email: "j@example.com", Password: strings.Repeat("€", 24)}, "j@example.com", "J's Blog", ""},
		{"6 characters of 2 bytes", SignUpInput{Name: "J", Email: "j@example.com", Password: "éééééé"}, "j@example.com", "J's Blog", ""},
		{"5 characters, 10 bytes", SignUpInput{Name: "J", Email: "j@example.com", Password: "ééééé"}, "", "", "Password must be at least 6 characters"},
		{"long blog name", SignUpInput{Name: "J", Email: "j@example.com", Password: "secret", BlogName: strings.Repeat("b", blog.MaxBlogTitle+1)}, "", "",
			"Blog name must be at most 120 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.in
			err := ValidateSignUp(&in)
			if tt.wantErr != "" {
				if e := apperr.As(err); e == nil || e.Kind != apperr.Invalid || e.Code != "validation" || e.Message != tt.wantErr {
					t.Fatalf("error = %#v, want validation %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || in.Email != tt.email || in.BlogName != tt.blogName {
				t.Fatalf("ValidateSignUp = %v, %+v", err, in)
			}
		})
	}
}

func TestRefusalsAreAppErrors(t *testing.T) {
	tests := []struct {
		name string
		err  *apperr.Error
		kind apperr.Kind
		code string
		msg  string
	}{
		{"wrong password", ErrInvalidCredentials, apperr.Unauthenticated, "invalid_credentials", "Invalid credentials"},
		{"e-mail taken", ErrEmailTaken, apperr.Conflict, "email_taken", "An account with this email already exists"},
		{"rate limited", ratelimit.Refusal("login attempts", 90*time.Second), apperr.TooMany, "rate_limited", "Too many login attempts. Try again in 2 minutes."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err.Kind != tt.kind || tt.err.Code != tt.code || tt.err.Message != tt.msg {
				t.Fatalf("error = %+v", tt.err)
			}
		})
	}
	if ratelimit.Refusal("login attempts", 90*time.Second).RetryAfter != 90*time.Second {
		t.Fatal("RetryAfter not set")
	}
}
