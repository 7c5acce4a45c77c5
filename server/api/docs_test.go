package api_test

import (
	"os"
	"strings"
	"testing"
)

// The docs describe generation as the endpoint behaves (202 with a job,
// followed through the jobs endpoints: TestOwnerGenerateUsageRace and the
// jobs tests check the behaviour), not as the long request it once was.
func TestDocsSayGenerationAnswers202WithAJob(t *testing.T) {
	for file, wants := range map[string][]string{
		"../../README.md":   {"**Generation is a job**", "answers `202` with `{job, usage}`", "GET /api/workspace/jobs/{id}"},
		"../../docs/api.md": {"| POST | /api/workspace/posts/generate |", "202 `{job, usage}`"},
	} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(b)
		for _, want := range wants {
			if !strings.Contains(doc, want) {
				t.Errorf("%s does not say %q", file, want)
			}
		}
		for _, stale := range []string{"Generation is one long request", "stores the post and answers `201`"} {
			if strings.Contains(doc, stale) {
				t.Errorf("%s still says %q", file, stale)
			}
		}
	}
}
