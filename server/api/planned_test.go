package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/scheduler"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// The answers of the scheduling endpoints, as the contract defines them.
type (
	scheduledItem = contract.PlannedPost
	scheduledList = contract.PlannedListResponse
	scheduledOne  = contract.PlannedResponse
)

// scenarioClient is an apptest client in c's session, for scenario tables.
func (c *ownerClient) scenarioClient() *apptest.Client {
	cl := c.env.app.Client(c.t)
	cl.HTTP.Jar = c.http.Jar
	return cl
}

func (c *ownerClient) scheduled() []scheduledItem {
	c.t.Helper()
	var got scheduledList
	c.mustJSON(http.MethodGet, "/api/workspace/scheduled", nil, http.StatusOK, &got)
	return got.Items
}

// failPlanned runs an item through a claim and marks it failed, as the
// scheduler would after a provider error.
func failPlanned(t *testing.T, s store.Store, id int64) {
	t.Helper()
	ctx := context.Background()
	now := time.Now().Add(365 * 24 * time.Hour)
	if _, err := s.ClaimDuePlanned(ctx, now, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishPlanned(ctx, id, store.PlanFailed, "Failed to generate blog post: the AI provider failed", 0, nil); err != nil {
		t.Fatal(err)
	}
}

func TestScheduledCreateListDelete(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Sched Owner", "sched@example.com", "tech", "food")
		banner := c.uploadImage("banner")
		var one scheduledOne
		c.mustJSON(http.MethodPost, "/api/workspace/scheduled", map[string]any{"category": "tech", "topic": "  Edge computing  ",
			"inputMode": "title", "scheduledFor": "2026-12-02T09:30:00+01:00", "frequency": "weekly", "generateImage": false,
			"banners": []map[string]string{{"imageUrl": banner, "linkUrl": "https://ads.example.com/x", "text": "Sale"}, {}}},
			http.StatusCreated, &one)
		it := one.Item
		if it.ID == 0 || it.Topic == nil || *it.Topic != "Edge computing" || it.InputMode != "title" || it.Frequency != "weekly" ||
			it.Status != "pending" || it.GenerateImage || !it.GenerateAt.Equal(time.Date(2026, 12, 2, 8, 30, 0, 0, time.UTC)) ||
			len(it.Banners) != 1 || it.Banners[0].ImageURL != banner || it.Banners[0].Text != "Sale" || it.PostID != nil || it.Error != "" {
			t.Fatalf("created = %+v", it)
		}
		// topic null: a random topic; the defaults: topic mode, once, images on.
		c.mustJSON(http.MethodPost, "/api/workspace/scheduled", map[string]any{"category": "food", "topic": nil,
			"scheduledFor": "2026-12-01T10:00"}, http.StatusCreated, &one)
		if one.Item.Topic != nil || one.Item.InputMode != "topic" || one.Item.Frequency != "once" || !one.Item.GenerateImage ||
			one.Item.Banners == nil {
			t.Fatalf("random = %+v", one.Item)
		}
		list := c.scheduled()
		if len(list) != 2 || list[0].ID != one.Item.ID || list[1].ID != it.ID {
			t.Fatalf("list = %+v", list)
		}

		valid := func(k string, v any) map[string]any {
			b := map[string]any{"category": "tech", "topic": "Valid", "scheduledFor": "2026-12-01T10:00:00Z"}
			b[k] = v
			return b
		}
		bad := func(name string, body map[string]any, code, msg string) apptest.Scenario {
			sc := apptest.Scenario{Name: name, Method: http.MethodPost, URL: "/api/workspace/scheduled", Body: body,
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: code}
			if msg != "" {
				sc.ExpectedContent = []string{`"message":"` + msg + `"`}
			}
			return sc
		}
		apptest.RunScenarios(t, c.scenarioClient(), []apptest.Scenario{
			bad("blank topic", valid("topic", "   "), "topic_required", "Please enter a topic"),
			bad("no time", valid("scheduledFor", ""), "schedule_time_required", "Please select a date and time"),
			bad("bad time", valid("scheduledFor", "next tuesday"), "invalid_schedule_time", ""),
			bad("unknown category", valid("category", "cars"), "invalid_category", ""),
			bad("no category", valid("category", ""), "category_required", ""),
			bad("hourly", valid("frequency", "hourly"), "invalid_frequency", ""),
			bad("essay", valid("inputMode", "essay"), "invalid_input_mode", ""),
			bad("foreign banner image", valid("banners", []map[string]string{{"imageUrl": "https://evil.example/x.png", "linkUrl": "https://a.example"}}), "invalid_banner", ""),
			bad("javascript banner link", valid("banners", []map[string]string{{"imageUrl": banner, "linkUrl": "javascript:alert(1)"}}), "invalid_banner", ""),
		})
		if n := len(c.scheduled()); n != 2 {
			t.Fatalf("bad requests wrote items: %d", n)
		}

		if st, raw := c.do(http.MethodDelete, "/api/workspace/scheduled/"+itoa(it.ID), nil); st != http.StatusNoContent {
			t.Fatalf("delete = %d %s", st, raw)
		}
		c.mustFail(http.MethodDelete, "/api/workspace/scheduled/"+itoa(it.ID), nil, http.StatusNotFound, "scheduled_not_found")
		if list := c.scheduled(); len(list) != 1 {
			t.Fatalf("after delete = %+v", list)
		}
		e.client().mustFail(http.MethodGet, "/api/workspace/scheduled", nil, http.StatusUnauthorized, "not_authenticated")
	})
}

func TestScheduledBulk(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Bulk Owner", "bulk@example.com", "tech")
		var got scheduledList
		c.mustJSON(http.MethodPost, "/api/workspace/scheduled/bulk", map[string]any{"category": "tech", "topic": " Remote work ",
			"inputMode": "topic", "startDate": "2026-12-20", "count": 30, "generateImage": true}, http.StatusCreated, &got)
		if len(got.Items) != 30 {
			t.Fatalf("bulk created %d items", len(got.Items))
		}
		start := time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC)
		for i, it := range got.Items {
			if !it.GenerateAt.Equal(start.AddDate(0, 0, i)) || it.Frequency != "once" || it.Status != "pending" ||
				it.Topic == nil || *it.Topic != "Remote work" || !it.GenerateImage || it.ID == 0 {
				t.Fatalf("item %d = %+v", i, it)
			}
		}
		if n := len(c.scheduled()); n != 30 {
			t.Fatalf("listed %d", n)
		}

		bad := func(k string, v any, code, msg string) apptest.Scenario {
			body := map[string]any{"category": "tech", "topic": "Base", "startDate": "2026-12-01", "count": 3}
			if v == nil {
				delete(body, k)
			} else {
				body[k] = v
			}
			return apptest.Scenario{Name: fmt.Sprintf("%s=%v", k, v), Method: http.MethodPost, URL: "/api/workspace/scheduled/bulk",
				Body: body, ExpectedStatus: http.StatusBadRequest, ExpectedCode: code, ExpectedContent: []string{`"message":"` + msg + `"`}}
		}
		apptest.RunScenarios(t, c.scenarioClient(), []apptest.Scenario{
			bad("count", 0, "invalid_number", "Please enter between 1 and 30 posts"),
			bad("count", 31, "invalid_number", "Please enter between 1 and 30 posts"),
			bad("count", -2, "invalid_number", "Please enter between 1 and 30 posts"),
			bad("count", 2.5, "invalid_number", "Please enter between 1 and 30 posts"),
			bad("count", "many", "invalid_number", "Please enter between 1 and 30 posts"),
			bad("topic", "  ", "topic_required", "Please enter a base topic or title"),
			bad("topic", nil, "topic_required", "Please enter a base topic or title"),
			bad("startDate", "", "start_date_required", "Please select a start date"),
			bad("startDate", nil, "start_date_required", "Please select a start date"),
			bad("startDate", "01/12/2026", "invalid_start_date", "Please select a valid start date"),
			bad("category", "garden", "invalid_category", "Please choose one of your blog's categories"),
		})
		if n := len(c.scheduled()); n != 30 {
			t.Fatalf("bad requests wrote items: %d", n)
		}

		// The count defaults to 30 and may come as a form's string; an
		// RFC 3339 start keeps its time of day.
		c.mustJSON(http.MethodPost, "/api/workspace/scheduled/bulk", map[string]any{"category": "tech", "topic": "Title",
			"inputMode": "title", "startDate": "2027-01-01T08:00:00Z", "count": "2"}, http.StatusCreated, &got)
		if len(got.Items) != 2 || got.Items[1].GenerateAt != time.Date(2027, 1, 2, 8, 0, 0, 0, time.UTC) || got.Items[0].InputMode != "title" {
			t.Fatalf("string count = %+v", got.Items)
		}
		c.mustJSON(http.MethodPost, "/api/workspace/scheduled/bulk", map[string]any{"category": "tech", "topic": "Default",
			"startDate": "2027-02-01"}, http.StatusCreated, &got)
		if len(got.Items) != 30 {
			t.Fatalf("default count = %d", len(got.Items))
		}
	})
}

func TestScheduledRetryOnlyFailedAndOtherWorkspaces(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		a := e.owner("Owner A", "a@example.com", "tech")
		b := e.owner("Owner B", "b@example.com", "tech")
		var one scheduledOne
		a.mustJSON(http.MethodPost, "/api/workspace/scheduled", map[string]any{"category": "tech", "topic": "Mine",
			"scheduledFor": time.Now().UTC().Format(time.RFC3339)}, http.StatusCreated, &one)
		path := "/api/workspace/scheduled/" + itoa(one.Item.ID)

		bc := b.scenarioClient()
		apptest.RunScenarios(t, a.scenarioClient(), []apptest.Scenario{
			{Name: "retry a pending item", Method: http.MethodPost, URL: path + "/retry", ExpectedStatus: http.StatusConflict, ExpectedCode: "not_failed"},
			{Name: "retry another's", As: bc, Method: http.MethodPost, URL: path + "/retry", ExpectedStatus: http.StatusNotFound, ExpectedCode: "scheduled_not_found"},
			{Name: "delete another's", As: bc, Method: http.MethodDelete, URL: path, ExpectedStatus: http.StatusNotFound, ExpectedCode: "scheduled_not_found"},
			{Name: "unusable id", As: bc, Method: http.MethodPost, URL: "/api/workspace/scheduled/abc/retry", ExpectedStatus: http.StatusNotFound, ExpectedCode: "scheduled_not_found"},
		})
		if len(b.scheduled()) != 0 {
			t.Fatal("B sees A's items")
		}

		failPlanned(t, s, one.Item.ID)
		if list := a.scheduled(); list[0].Status != "failed" || list[0].Error == "" {
			t.Fatalf("failed item = %+v", list[0])
		}
		b.mustFail(http.MethodPost, path+"/retry", nil, http.StatusNotFound, "scheduled_not_found")
		a.mustJSON(http.MethodPost, path+"/retry", nil, http.StatusOK, &one)
		if one.Item.Status != "pending" || one.Item.Error != "" {
			t.Fatalf("retried = %+v", one.Item)
		}
		a.mustFail(http.MethodPost, path+"/retry", nil, http.StatusConflict, "not_failed")
		if list := a.scheduled(); len(list) != 1 || list[0].Status != "pending" {
			t.Fatalf("after B's attempts = %+v", list)
		}
	})
}

// A bulk schedule running past the year 9999 is refused whole, and the
// owner's list still answers; a workspace holds at most
// scheduler.MaxPending pending items, a bulk request all or none.
func TestScheduledBoundsYearsAndPendingItems(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Bound Owner", "bound@example.com", "tech")
		bulk := func(start string, count int) map[string]any {
			return map[string]any{"category": "tech", "topic": "Base", "startDate": start, "count": count}
		}
		msg := c.mustFail(http.MethodPost, "/api/workspace/scheduled/bulk", bulk("9999-12-20", 30), http.StatusBadRequest, "invalid_start_date")
		if !strings.Contains(msg, "9999") {
			t.Fatalf("message = %q", msg)
		}
		if list := c.scheduled(); len(list) != 0 {
			t.Fatalf("list = %+v", list)
		}
		var got scheduledList
		c.mustJSON(http.MethodPost, "/api/workspace/scheduled/bulk", bulk("9999-12-02", 30), http.StatusCreated, &got)
		if len(got.Items) != 30 || got.Items[29].GenerateAt.Year() != 9999 {
			t.Fatalf("last month of 9999 = %+v", got.Items)
		}

		for n := 30; n+30 <= scheduler.MaxPending; n += 30 {
			c.mustJSON(http.MethodPost, "/api/workspace/scheduled/bulk", bulk(fmt.Sprintf("2030-01-%02d", 1+n/30), 30), http.StatusCreated, &got)
		}
		pending := len(c.scheduled())
		c.mustJSON(http.MethodPost, "/api/workspace/scheduled/bulk", bulk("2031-01-01", scheduler.MaxPending-pending-1), http.StatusCreated, &got)
		msg = c.mustFail(http.MethodPost, "/api/workspace/scheduled/bulk", bulk("2032-01-01", 2), http.StatusConflict, "too_many_scheduled")
		if !strings.Contains(msg, fmt.Sprint(scheduler.MaxPending)) {
			t.Fatalf("message = %q", msg)
		}
		if n := len(c.scheduled()); n != scheduler.MaxPending-1 {
			t.Fatalf("%d items after a refused bulk request, want %d", n, scheduler.MaxPending-1)
		}
		one := map[string]any{"category": "tech", "topic": "One more", "scheduledFor": "2033-01-01T10:00:00Z"}
		c.mustJSON(http.MethodPost, "/api/workspace/scheduled", one, http.StatusCreated, nil)
		c.mustFail(http.MethodPost, "/api/workspace/scheduled", one, http.StatusConflict, "too_many_scheduled")
		// Another workspace has its own allowance.
		other := e.owner("Other Owner", "other@example.com", "tech")
		other.mustJSON(http.MethodPost, "/api/workspace/scheduled", one, http.StatusCreated, nil)
	})
}
