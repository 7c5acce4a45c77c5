package apptest

import (
	"bytes"
	"net/http"
	"testing"
)

// Scenario is one API request and what its answer must hold: API tests that
// are a list of requests are written as a table of these.
type Scenario struct {
	Name string
	// As sends the request (nil: the client given to RunScenarios).
	As     *Client
	Method string
	URL    string
	// Body is JSON-encoded when not nil.
	Body    any
	Headers map[string]string
	// ExpectedStatus is the HTTP status of the answer.
	ExpectedStatus int
	// ExpectedCode is the API error code of the answer, when set.
	ExpectedCode string
	// ExpectedContent and NotExpectedContent are substrings of the body.
	ExpectedContent    []string
	NotExpectedContent []string
}

// RunScenarios sends each scenario in order (they may build on each other)
// as a subtest, with c unless the scenario names another client.
func RunScenarios(t *testing.T, c *Client, scenarios []Scenario) {
	t.Helper()
	for _, s := range scenarios {
		t.Run(s.Name, func(t *testing.T) {
			cl := c
			if s.As != nil {
				cl = s.As
			}
			resp := cl.send(t, s)
			if resp.StatusCode != s.ExpectedStatus {
				t.Fatalf("%s %s: status %d, want %d; body %s", s.Method, s.URL, resp.StatusCode, s.ExpectedStatus, resp.Body)
			}
			if s.ExpectedCode != "" && resp.ErrorCode() != s.ExpectedCode {
				t.Errorf("%s %s: error code %q, want %q; body %s", s.Method, s.URL, resp.ErrorCode(), s.ExpectedCode, resp.Body)
			}
			for _, want := range s.ExpectedContent {
				if !bytes.Contains(resp.Body, []byte(want)) {
					t.Errorf("%s %s: body lacks %q: %s", s.Method, s.URL, want, resp.Body)
				}
			}
			for _, bad := range s.NotExpectedContent {
				if bytes.Contains(resp.Body, []byte(bad)) {
					t.Errorf("%s %s: body holds %q: %s", s.Method, s.URL, bad, resp.Body)
				}
			}
		})
	}
}

// send runs one scenario's request on t, so a failure is reported there.
func (c *Client) send(t *testing.T, s Scenario) *Response {
	t.Helper()
	saved := c.t
	c.t = t
	defer func() { c.t = saved }()
	if len(s.Headers) == 0 {
		return c.Do(s.Method, s.URL, s.Body)
	}
	h := http.Header{}
	for k, v := range s.Headers {
		h.Set(k, v)
	}
	if s.Body != nil {
		if h.Get("Content-Type") == "" {
			h.Set("Content-Type", "application/json")
		}
		return c.Raw(s.Method, s.URL, "", jsonBody(t, s.Body), withCSRF(c, s.Method, h))
	}
	return c.Raw(s.Method, s.URL, "", nil, withCSRF(c, s.Method, h))
}
