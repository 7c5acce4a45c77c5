package storetest

import (
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

func queueJobs(t *testing.T, s *sqlstore.DB, wsID int64, n int, at time.Time) {
	t.Helper()
	for i := range n {
		j := &store.Job{WorkspaceID: wsID, Kind: "generate", Input: "{}", CreatedAt: at.Add(time.Duration(i) * time.Second)}
		if err := s.CreateJob(ctx, j, 0); err != nil {
			t.Fatal(err)
		}
	}
}

// claimOrder claims n jobs and lists their workspaces in claim order.
func claimOrder(t *testing.T, s *sqlstore.DB, c store.JobClaim, n int) []int64 {
	t.Helper()
	var got []int64
	for range n {
		j, err := s.ClaimJob(ctx, c)
		if err != nil {
			t.Fatalf("claim %d: %v", len(got)+1, err)
		}
		got = append(got, j.WorkspaceID)
	}
	return got
}

func TestJobClaimsTakeTurnsAcrossWorkspaces(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, busy := signUp(t, s, "a@x.io", "a")
		_, other := signUp(t, s, "b@x.io", "b")
		now := time.Now().UTC()
		queueJobs(t, s, busy.ID, 10, now.Add(-time.Hour))
		queueJobs(t, s, other.ID, 1, now.Add(-time.Minute))
		// Every job may run at once (no per-workspace wait): only the
		// turns keep the other blog's job from waiting behind ten.
		got := claimOrder(t, s, store.JobClaim{Now: now, LeaseUntil: now.Add(time.Hour), PerWorkspace: 100}, 2)
		if got[0] != busy.ID || got[1] != other.ID {
			t.Fatalf("claimed workspaces %v; want %d then %d", got, busy.ID, other.ID)
		}
	})
}

func TestJobClaimsPutTrialsLastWhenTheQueueIsLong(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, trial := signUp(t, s, "a@x.io", "a")
		_, paid := signUp(t, s, "b@x.io", "b")
		if _, err := s.SQL().ExecContext(ctx, `UPDATE workspaces SET plan_tier = $1 WHERE id = $2`, store.PlanProfessional, paid.ID); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		queueJobs(t, s, trial.ID, 5, now.Add(-time.Hour))
		queueJobs(t, s, paid.ID, 1, now.Add(-time.Minute))
		claim := store.JobClaim{Now: now, LeaseUntil: now.Add(time.Hour), PerWorkspace: 100,
			TrialTier: store.PlanStarter, TrialSince: now.Add(-14 * 24 * time.Hour)}

		// A long queue (6 queued >= 3): the paying blog first, though the
		// trial's jobs are older and neither has had a turn.
		long := claim
		long.LongQueue = 3
		if got := claimOrder(t, s, long, 1); got[0] != paid.ID {
			t.Fatalf("long queue: first claim of workspace %d, want the paid %d", got[0], paid.ID)
		}
		// A short queue: turns only, the oldest job first (another paying
		// blog that has had no turn either waits for its time).
		_, paid2 := signUp(t, s, "c@x.io", "c")
		if _, err := s.SQL().ExecContext(ctx, `UPDATE workspaces SET plan_tier = $1 WHERE id = $2`, store.PlanAgency, paid2.ID); err != nil {
			t.Fatal(err)
		}
		queueJobs(t, s, paid2.ID, 1, now.Add(-time.Second))
		short := claim
		short.LongQueue = 100
		if got := claimOrder(t, s, short, 1); got[0] != trial.ID {
			t.Fatalf("short queue: first claim of workspace %d, want the oldest job's %d", got[0], trial.ID)
		}
	})
}
