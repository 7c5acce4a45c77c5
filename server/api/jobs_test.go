package api_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// queue asks for a post and returns its job (202).
func (c *ownerClient) queue(topic string) contract.Job {
	c.t.Helper()
	var jr contract.JobResponse
	c.mustJSON(http.MethodPost, "/api/workspace/posts/generate", genReq("tech", topic), http.StatusAccepted, &jr)
	if jr.Job.Status != contract.JobQueued || jr.Usage == nil || jr.Job.Topic != topic {
		c.t.Fatalf("queued job = %+v usage %v", jr.Job, jr.Usage)
	}
	return jr.Job
}

func (c *ownerClient) job(id int64) contract.Job {
	c.t.Helper()
	var jr contract.JobResponse
	c.mustJSON(http.MethodGet, fmt.Sprintf("/api/workspace/jobs/%d", id), nil, http.StatusOK, &jr)
	return jr.Job
}

// TestFiftyJobsOnTwoInstancesMakeFiftyPosts queues 50 jobs on five blogs
// and lets two app instances (two workers each) run them at the same time:
// every job succeeds once, with exactly one post, and usage is exact.
func TestFiftyJobsOnTwoInstancesMakeFiftyPosts(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		second := apptest.Start(t, e.app.Config.DatabaseURL)
		var owners []*ownerClient
		var jobs []contract.Job
		for i := range 5 {
			c := e.owner(fmt.Sprintf("Owner %d", i), fmt.Sprintf("jobs%d@example.com", i), "tech")
			owners = append(owners, c)
			for k := range 10 {
				jobs = append(jobs, c.queue(fmt.Sprintf("Topic %d-%d", i, k)))
			}
		}
		ctx := context.Background()
		var wg sync.WaitGroup
		for _, gen := range []interface {
			RunJobs(context.Context) (int, error)
		}{e.gen, e.gen, second.Generator, second.Generator} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := gen.RunJobs(ctx); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		posts := map[int64]bool{}
		for i, j := range jobs {
			got := owners[i/10].job(j.ID)
			if got.Status != contract.JobSucceeded || got.PostID == nil || got.FinishedAt == nil || got.StartedAt == nil {
				t.Fatalf("job %d = %+v", j.ID, got)
			}
			if posts[*got.PostID] {
				t.Fatalf("post %d made by two jobs", *got.PostID)
			}
			posts[*got.PostID] = true
		}
		for _, c := range owners {
			if n, u := c.postCount(), c.usage(); n != 10 || u.PostsGenerated != 10 {
				t.Errorf("%s: %d posts, %d counted; want 10 and 10", c.ws.Slug, n, u.PostsGenerated)
			}
			var list contract.JobsResponse
			c.mustJSON(http.MethodGet, "/api/workspace/jobs", nil, http.StatusOK, &list)
			if len(list.Jobs) != 10 || list.Jobs[0].ID < list.Jobs[9].ID {
				t.Errorf("jobs list = %d, newest first", len(list.Jobs))
			}
		}
		// A job is its workspace's only.
		owners[1].mustFail(http.MethodGet, fmt.Sprintf("/api/workspace/jobs/%d", jobs[0].ID), nil, http.StatusNotFound, "job_not_found")
		owners[1].mustFail(http.MethodPost, fmt.Sprintf("/api/workspace/jobs/%d/cancel", jobs[0].ID), nil, http.StatusNotFound, "job_not_found")
	})
}

// TestAJobOfADeadWorkerIsFinishedOnce: a worker claims a job and dies (its
// lease ends unrenewed, its reservation is swept meanwhile); another takes
// the job over and finishes it once, counting one post.
func TestAJobOfADeadWorkerIsFinishedOnce(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Olivia", "olivia@example.com", "tech")
		j := c.queue("Left behind")
		ctx := context.Background()
		now := time.Now()
		claimed, err := e.store.ClaimJob(ctx, store.JobClaim{Now: now, LeaseUntil: now.Add(time.Millisecond), PerWorkspace: 2})
		if err != nil || claimed.ID != j.ID {
			t.Fatalf("claim = %+v, %v", claimed, err)
		}
		if got := c.job(j.ID); got.Status != contract.JobRunning {
			t.Fatalf("claimed job = %q", got.Status)
		}
		// The dead worker renewed nothing: its reservation ends and is swept.
		if err := e.store.RenewReservation(ctx, claimed.ReservationID, now.Add(-time.Second)); err != nil {
			t.Fatal(err)
		}
		if n, err := e.store.SweepReservations(ctx, now); err != nil || n != 1 {
			t.Fatalf("swept %d, %v", n, err)
		}
		if u := c.usage(); u.PostsGenerated != 0 {
			t.Fatalf("swept usage = %d", u.PostsGenerated)
		}
		time.Sleep(5 * time.Millisecond) // past the dead worker's lease
		if n, err := e.gen.RunJobs(ctx); err != nil || n != 1 {
			t.Fatalf("ran %d, %v", n, err)
		}
		got := c.job(j.ID)
		if got.Status != contract.JobSucceeded || got.PostID == nil {
			t.Fatalf("job after takeover = %+v", got)
		}
		if n, u := c.postCount(), c.usage(); n != 1 || u.PostsGenerated != 1 {
			t.Errorf("%d posts, %d counted; want 1 and 1", n, u.PostsGenerated)
		}
		if n, _ := e.gen.RunJobs(ctx); n != 0 {
			t.Errorf("a finished job ran again")
		}
	})
}

// blockingWriter writes nothing until its context ends.
type blockingWriter struct{ started chan struct{} }

func (w blockingWriter) Write(ctx context.Context, _ ai.WriteRequest) (*ai.Article, error) {
	w.started <- struct{}{}
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestCancelingJobsGivesUsageBack(t *testing.T) {
	t.Parallel()
	w := blockingWriter{started: make(chan struct{}, 1)}
	e := newOwnerEnv(t, "", w, nil)
	e.gen.JobLease = 300 * time.Millisecond
	c := e.owner("Olivia", "olivia@example.com", "tech")

	// A queued job is canceled at once.
	queued := c.queue("Never mind")
	var jr contract.JobResponse
	c.mustJSON(http.MethodPost, fmt.Sprintf("/api/workspace/jobs/%d/cancel", queued.ID), nil, http.StatusOK, &jr)
	if jr.Job.Status != contract.JobCanceled || jr.Job.Error == "" || c.usage().PostsGenerated != 0 {
		t.Fatalf("canceled queued job = %+v, usage %d", jr.Job, c.usage().PostsGenerated)
	}
	c.mustFail(http.MethodPost, fmt.Sprintf("/api/workspace/jobs/%d/cancel", queued.ID), nil, http.StatusConflict, "job_finished")

	// A running one stops when its worker next renews its lease.
	running := c.queue("Stop me")
	done := make(chan error, 1)
	go func() { _, err := e.gen.RunJobs(context.Background()); done <- err }()
	<-w.started
	if got := c.job(running.ID); got.Status != contract.JobRunning || got.Stage == nil || *got.Stage != contract.StageWriting {
		t.Fatalf("running job = %+v", got)
	}
	c.mustJSON(http.MethodPost, fmt.Sprintf("/api/workspace/jobs/%d/cancel", running.ID), nil, http.StatusOK, &jr)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got := c.job(running.ID)
	if got.Status != contract.JobCanceled || got.PostID != nil {
		t.Fatalf("canceled running job = %+v", got)
	}
	if n, u := c.postCount(), c.usage(); n != 0 || u.PostsGenerated != 0 {
		t.Errorf("after cancel: %d posts, %d counted", n, u.PostsGenerated)
	}
}

func TestJobQueueIsBoundedPerWorkspace(t *testing.T) {
	t.Parallel()
	e := newOwnerEnv(t, "", nil, nil)
	c := e.owner("Olivia", "olivia@example.com", "tech")
	if _, err := e.store.UpdateWorkspace(context.Background(), store.UpdateWorkspace{ID: c.ws.ID, PlanTier: store.Ptr(store.PlanProfessional)}); err != nil {
		t.Fatal(err)
	}
	c.env.app.Site.Forget()
	for i := range 20 {
		c.queue(fmt.Sprintf("Topic %d", i))
	}
	c.mustFail(http.MethodPost, "/api/workspace/posts/generate", genReq("tech", "One too many"), http.StatusTooManyRequests, "too_many_jobs")
	// The refused request took no usage.
	if u := c.usage(); u.PostsGenerated != 20 {
		t.Errorf("usage = %d, want 20", u.PostsGenerated)
	}
}

// TestAWorkspaceRunsTwoJobsAtOnce: however many workers ask at the same
// time, one workspace has at most two jobs running; the others wait, and
// another workspace's job is not held up behind them.
func TestAWorkspaceRunsTwoJobsAtOnce(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		busy := e.owner("Busy", "busy@example.com", "tech")
		for i := range 6 {
			busy.queue(fmt.Sprintf("Busy topic %d", i))
		}
		other := e.owner("Other", "other@example.com", "tech")
		waiting := other.queue("My only topic")
		ctx := context.Background()
		now := time.Now()
		claims := make(chan *store.Job, 8)
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if j, err := e.store.ClaimJob(ctx, store.JobClaim{Now: now, LeaseUntil: now.Add(time.Hour), PerWorkspace: 2}); err == nil {
					claims <- j
				}
			}()
		}
		wg.Wait()
		close(claims)
		per := map[int64]int{}
		for j := range claims {
			per[j.WorkspaceID]++
		}
		if per[busy.ws.ID] > 2 {
			t.Errorf("busy workspace runs %d jobs at once, want at most 2", per[busy.ws.ID])
		}
		// Whatever the first round gave, the other blog's job is claimable.
		for per[other.ws.ID] == 0 {
			j, err := e.store.ClaimJob(ctx, store.JobClaim{Now: now, LeaseUntil: now.Add(time.Hour), PerWorkspace: 2})
			if err != nil {
				t.Fatalf("the other blog's job %d waits behind the busy one: %v", waiting.ID, err)
			}
			per[j.WorkspaceID]++
		}
		if per[busy.ws.ID] > 2 {
			t.Errorf("busy workspace runs %d jobs at once", per[busy.ws.ID])
		}
	})
}

func TestFinishedJobsArePrunedAfterTheirRetention(t *testing.T) {
	t.Parallel()
	e := newOwnerEnv(t, "", nil, nil)
	c := e.owner("Olivia", "olivia@example.com", "tech")
	done := c.queue("Old news")
	waiting := c.queue("Still queued")
	ctx := context.Background()
	if err := e.store.FinishJob(ctx, done.ID, store.JobSucceeded, "", "", time.Now().Add(-31*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if n, err := e.gen.PruneJobs(ctx); err != nil || n != 1 {
		t.Fatalf("pruned %d, %v; want 1", n, err)
	}
	c.mustFail(http.MethodGet, fmt.Sprintf("/api/workspace/jobs/%d", done.ID), nil, http.StatusNotFound, "job_not_found")
	if got := c.job(waiting.ID); got.Status != contract.JobQueued {
		t.Errorf("an unfinished job was pruned: %+v", got)
	}
}
