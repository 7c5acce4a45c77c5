package storetest

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

func TestMarksAreKeptPerBlogAndKindAndReplaced(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, a := signUp(t, s, "a@x.io", "a")
		_, b := signUp(t, s, "b@x.io", "b")
		if _, err := s.GetMark(ctx, a.ID, "icon"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("before any: %v, want ErrNotFound", err)
		}
		at := time.UnixMilli(time.Now().UnixMilli())
		put := func(ws int64, kind, version string, png []byte) {
			t.Helper()
			if err := s.PutMark(ctx, &store.Mark{WorkspaceID: ws, Kind: kind, Version: version, PNG: png, CreatedAt: at}); err != nil {
				t.Fatal(err)
			}
		}
		put(a.ID, "icon", "v1", []byte{1, 2, 3})
		put(a.ID, "card", "v1", []byte{4})
		put(b.ID, "icon", "v9", []byte{9})
		put(a.ID, "icon", "v2", []byte{5, 6}) // a new name: replaced
		for _, tc := range []struct {
			ws            int64
			kind, version string
			png           []byte
		}{{a.ID, "icon", "v2", []byte{5, 6}}, {a.ID, "card", "v1", []byte{4}}, {b.ID, "icon", "v9", []byte{9}}} {
			m, err := s.GetMark(ctx, tc.ws, tc.kind)
			if err != nil || m.Version != tc.version || !bytes.Equal(m.PNG, tc.png) || !m.CreatedAt.Equal(at) {
				t.Errorf("mark %d/%s = %+v, %v; want %s %v", tc.ws, tc.kind, m, err, tc.version, tc.png)
			}
		}
	})
}
