package config

import (
	"strings"
	"testing"
)

func TestMailSettings(t *testing.T) {
	load := func(env map[string]string) (*Config, error) {
		return Load(nil, func(k string) string { return env[k] })
	}
	c, err := load(nil)
	if err != nil || c.SMTPURL != "" || c.MailFrom != "InkPress <noreply@localhost>" || c.MailBatch != 50 || c.MailRate != 10 || c.MailWorkers != 2 {
		t.Fatalf("defaults = %+v, %v", c, err)
	}
	for k, v := range map[string]string{
		"INKPRESS_MAIL_FROM":    "not an address",
		"INKPRESS_SMTP_URL":     "http://mx.example.com",
		"INKPRESS_MAIL_BATCH":   "0",
		"INKPRESS_MAIL_RATE":    "NaN",
		"INKPRESS_MAIL_WORKERS": "100",
	} {
		if _, err := load(map[string]string{k: v}); err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=%q: %v, want an error naming it", k, v, err)
		}
	}
	// The password of a bad URL is never echoed.
	if _, err := load(map[string]string{"INKPRESS_SMTP_URL": "ftp://u:hunter2@mx"}); err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("bad SMTP URL: %v", err)
	}
	c, err = load(map[string]string{"INKPRESS_SMTP_URL": "smtps://u:p@mx.example.com", "INKPRESS_MAIL_RATE": "0.5"})
	if err != nil || c.MailRate != 0.5 {
		t.Fatalf("%+v %v", c, err)
	}
}
