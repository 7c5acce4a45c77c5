package storetest

import (
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Items an earlier release stored past the year 9999 (a bulk schedule ran
// past it) made the owner's list unanswerable; the upgrade fails them at
// the last millisecond of 9999, so the list answers again.
func TestUpgradeFailsItemsPastTheYear9999(t *testing.T) {
	runOld(t, func(t *testing.T, old *oldDB) {
		now := time.Now().UnixMilli()
		var wsID int64
		if err := old.QueryRow(`INSERT INTO workspaces (name, slug, created_at) VALUES ('W', 'w', $1) RETURNING id`, now).Scan(&wsID); err != nil {
			t.Fatal(err)
		}
		past := time.Date(10000, 1, 5, 0, 0, 0, 0, time.UTC).UnixMilli()
		for _, at := range []int64{past, time.Date(9999, 12, 30, 0, 0, 0, 0, time.UTC).UnixMilli()} {
			if _, err := old.Exec(`INSERT INTO scheduled_posts (workspace_id, category, scheduled_for, created_at) VALUES ($1, 'tech', $2, $3)`,
				wsID, at, now); err != nil {
				t.Fatal(err)
			}
		}
		s := old.upgrade(t)
		list, err := s.ListPlanned(ctx, wsID)
		if err != nil || len(list) != 2 {
			t.Fatalf("list = %v, %v", list, err)
		}
		kept, failed := list[0], list[1]
		if kept.Status != store.PlanPending || kept.GenerateAt.Year() != 9999 {
			t.Fatalf("item within 9999 = %+v", kept)
		}
		if failed.Status != store.PlanFailed || failed.Error == "" ||
			!failed.GenerateAt.Equal(time.Date(9999, 12, 31, 23, 59, 59, 999e6, time.UTC)) {
			t.Fatalf("item past 9999 = %+v", failed)
		}
		for _, it := range list {
			if _, err := it.GenerateAt.MarshalJSON(); err != nil {
				t.Fatalf("%+v: %v", it, err)
			}
		}
	})
}
