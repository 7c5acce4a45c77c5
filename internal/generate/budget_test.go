package generate

import (
	"testing"
	"time"
)

func TestShutdownGraceOutlastsAGeneration(t *testing.T) {
	for _, tc := range []struct {
		text, image, limit, grace time.Duration
	}{
		{150 * time.Second, 150 * time.Second, 330 * time.Second, 360 * time.Second}, // the default INKPRESS_AI_TIMEOUT
		{10 * time.Second, 30 * time.Second, 70 * time.Second, 100 * time.Second},
	} {
		limit, grace := Limit(tc.text, tc.image), ShutdownGrace(tc.text, tc.image)
		if limit != tc.limit || grace != tc.grace {
			t.Errorf("text %v image %v: limit %v grace %v, want %v %v", tc.text, tc.image, limit, grace, tc.limit, tc.grace)
		}
		if limit < tc.text+tc.image || grace <= limit {
			t.Errorf("text %v image %v: a generation (%v) must fit its requests and the grace (%v) must outlast it", tc.text, tc.image, limit, grace)
		}
	}
}
