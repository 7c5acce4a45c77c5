package newsletter

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
)

func TestParseImport(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		emails []string
		rows   []RowError
	}{
		{"header and columns", "email,name\nA@x.io,Ann\nb@x.io\n", []string{"a@x.io", "b@x.io"}, nil},
		{"no header, duplicates once", "a@x.io\r\nA@X.io\nc@x.io", []string{"a@x.io", "c@x.io"}, nil},
		{"byte-order mark and header", "\xef\xbb\xbfEmail\na@x.io\n", []string{"a@x.io"}, nil},
		{"junk rows", "email\na@x.io\nnot-an-address\n\"Bob <b@x.io>\"\n,x\n", nil, []RowError{
			{Line: 3, Value: "not-an-address", Reason: reasonInvalid},
			{Line: 4, Value: "Bob <b@x.io>", Reason: reasonInvalid},
			{Line: 5, Value: "", Reason: reasonEmpty}}},
		{"line break in a quoted cell", "a@x.io\n\"b@x.io\nBcc: c@x.io\"\n", nil, []RowError{
			{Line: 2, Value: `b@x.io\nBcc: c@x.io`, Reason: reasonLineBreak}}},
		{"header only", "email\n", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			emails, rows := ParseImport([]byte(tc.in))
			if !reflect.DeepEqual(emails, tc.emails) || !reflect.DeepEqual(rows, tc.rows) {
				t.Fatalf("got %q %+v, want %q %+v", emails, rows, tc.emails, tc.rows)
			}
		})
	}
}

func TestWriteCSVIsFormulaSafe(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var b bytes.Buffer
	err := WriteCSV(&b, []*store.Subscriber{{Email: "a@x.io", ConfirmedAt: at}, {Email: "=cmd@x.io", CreatedAt: at},
		{Email: "+1@x.io", ConfirmedAt: at}, {Email: "-x@x.io", ConfirmedAt: at}, {Email: "@x@x.io", ConfirmedAt: at}})
	if err != nil {
		t.Fatal(err)
	}
	want := "email,subscribed_at\na@x.io,2026-03-01T12:00:00Z\n'=cmd@x.io,2026-03-01T12:00:00Z\n'+1@x.io,2026-03-01T12:00:00Z\n" +
		"'-x@x.io,2026-03-01T12:00:00Z\n'@x@x.io,2026-03-01T12:00:00Z\n"
	if b.String() != want {
		t.Fatalf("CSV =\n%s\nwant\n%s", b.String(), want)
	}
}

func TestNormalizeEmail(t *testing.T) {
	for in, ok := range map[string]bool{"a@x.io": true, " A@X.io ": true, "a@x.io\r\n": false, "a@x.io\nBcc: b@x.io": false,
		"Ann <a@x.io>": false, "a@localhost": false, string(make([]byte, 250)) + "@x.io": false} {
		if _, got := NormalizeEmail(in); got != ok {
			t.Errorf("NormalizeEmail(%q) ok = %v, want %v", in, got, ok)
		}
	}
}
