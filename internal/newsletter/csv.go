package newsletter

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

// Refusals of an import.
var (
	ErrImportTooLarge = apperr.New(apperr.TooLarge, "body_too_large", "The file is larger than 1 MB: split it and import each part")
	errImportEmpty    = apperr.New(apperr.Invalid, "invalid_import", "The file holds no addresses: put one address per row, in the first column")
)

// RowError is one refused row of an import.
type RowError struct {
	Line   int
	Value  string
	Reason string
}

// Reasons a row is refused.
const (
	reasonInvalid   = "Not a valid e-mail address"
	reasonLineBreak = "An address cannot hold a line break"
	reasonEmpty     = "No address in the first column"
	reasonCSV       = "Not readable as CSV"
)

// ImportError refuses a whole import for its bad rows (the first
// maxRowErrors of them).
type ImportError struct {
	Rows []RowError
}

func (e *ImportError) Error() string { return e.Message() }

// Message is the sentence shown with the rows.
func (e *ImportError) Message() string {
	n := len(e.Rows)
	if n == 1 {
		return "Nothing was imported: 1 row is not a valid address. Fix it and import the file again."
	}
	more := ""
	if n >= maxRowErrors {
		more = " or more"
	}
	return fmt.Sprintf("Nothing was imported: %d%s rows are not valid addresses. Fix them and import the file again.", n, more)
}

// maxRowErrors is how many bad rows an answer lists.
const maxRowErrors = 100

// maxShownValue cuts a bad row's value in the answer.
const maxShownValue = 100

func shown(v string) string {
	if r := []rune(v); len(r) > maxShownValue {
		return string(r[:maxShownValue]) + "…"
	}
	return v
}

// ParseImport reads a CSV of addresses: the first column of each row,
// lower-cased; a first row whose first cell has no "@" is a header. It
// returns the distinct addresses in file order, or the bad rows (line
// numbers are the file's).
func ParseImport(data []byte) ([]string, []RowError) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a spreadsheet's byte-order mark
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	var (
		emails []string
		bad    []RowError
		seen   = map[string]bool{}
		first  = true
	)
	for len(bad) < maxRowErrors {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		line, _ := r.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.StartLine
			}
			bad = append(bad, RowError{Line: line, Reason: reasonCSV})
			break
		}
		v := ""
		if len(rec) > 0 {
			v = rec[0]
		}
		if first {
			first = false
			if !strings.Contains(v, "@") && !strings.ContainsAny(v, "\r\n") {
				continue // a header
			}
		}
		switch email, ok := NormalizeEmail(v); {
		case strings.TrimSpace(v) == "":
			bad = append(bad, RowError{Line: line, Value: "", Reason: reasonEmpty})
		case strings.ContainsAny(v, "\r\n"):
			bad = append(bad, RowError{Line: line, Value: shown(strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(v)), Reason: reasonLineBreak})
		case !ok:
			bad = append(bad, RowError{Line: line, Value: shown(v), Reason: reasonInvalid})
		case !seen[email]:
			seen[email] = true
			emails = append(emails, email)
		}
	}
	if len(bad) > 0 {
		return nil, bad
	}
	return emails, nil
}

// csvSafe keeps a cell from being read as a formula by a spreadsheet: a
// leading = + - @ (or tab, carriage return) gets a ' before it.
func csvSafe(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

// WriteCSV writes confirmed subscribers as "email,subscribed_at" (RFC
// 3339, UTC), formula-safe.
func WriteCSV(w io.Writer, subs []*store.Subscriber) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"email", "subscribed_at"}); err != nil {
		return err
	}
	for _, s := range subs {
		at := s.ConfirmedAt
		if at.IsZero() {
			at = s.CreatedAt
		}
		if err := cw.Write([]string{csvSafe(s.Email), at.UTC().Format(time.RFC3339)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
