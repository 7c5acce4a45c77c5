package config

import "testing"

func TestLoadDefaultsEnvAndFlags(t *testing.T) {
	env := map[string]string{"INKPRESS_SITE_NAME": "FromEnv", "INKPRESS_DATA_DIR": "/tmp/ink"}
	c, err := Load([]string{"-addr", ":9999"}, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":9999" || c.SiteName != "FromEnv" || c.SiteWorkspace != "site" || c.DatabaseURL != "sqlite:/tmp/ink/inkpress.db" || !c.Demo || c.FeedItems != 50 {
		t.Fatalf("config = %+v", c)
	}
}

func TestValidate(t *testing.T) {
	bad := []map[string]string{
		{"INKPRESS_BASE_URL": "ftp://x"},
		{"INKPRESS_ADMIN_EMAIL": "a@b.c"},
		{"INKPRESS_ADMIN_EMAIL": "a@b.c", "INKPRESS_ADMIN_PASSWORD": "12345"},
		{"INKPRESS_AI_PROVIDER": "magic"},
		{"INKPRESS_FEED_ITEMS": "0"},
		{"INKPRESS_SESSION_TTL": "soon"},
	}
	for _, env := range bad {
		if _, err := Load(nil, func(k string) string { return env[k] }); err == nil {
			t.Errorf("Load(%v) accepted bad config", env)
		}
	}
}
