package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
)

// stateMediaURL names the app_state row that records which media URLs the
// stored banner images follow: the URL the storage gave probeKey then.
const stateMediaURL = "media_url"

// probeKey is a key no file has; the URL the storage gives it stands for
// the storage's configuration (local "/media/", an S3 public URL).
const probeKey = "0/probe/0-probe.png"

// bannerStore is what followMediaURLs touches besides the posts' service:
// the app's state and the planned items' banners.
type bannerStore interface {
	store.StateStore
	RewritePlannedBanners(ctx context.Context, to func(workspaceID int64, url string) (string, bool)) (int, error)
}

// followMediaURLs moves banner images of our own media (posts' banners with
// their stored HTML, planned items' banners) to the URLs the storage gives
// their keys now, when those URLs changed since the banners were last moved:
// the storage moved (local files to S3 or back) or INKPRESS_S3_PUBLIC_URL
// changed. Otherwise it reads one row and writes nothing.
//
// Why this one data rewrite is not a migration, when the other start-time
// rewrites became ones (store/migration 00020, 00021): its target is the
// configuration, which a migration cannot know and which may change at any
// start. Why banners keep URLs rather than keys, as covers do: a banner's
// image is part of the post's HTML, which is derived once when the post is
// saved and served as it is by the pages, feeds, API and newsletters, and
// of a planned item's banner fields, which generation copies into the
// post. Keys there would mean rebuilding that HTML on every read. So the
// rewrite stays, but runs once per configuration change, recorded in
// app_state, instead of scanning every post with banners at every start.
func followMediaURLs(ctx context.Context, st bannerStore, ps *posts.Service, files *media.Files, logger *slog.Logger) error {
	now := files.URL(probeKey)
	was, err := st.State(ctx, stateMediaURL)
	if err != nil {
		return fmt.Errorf("media URL state: %w", err)
	}
	if was == now {
		return nil
	}
	current := func(workspaceID int64, url string) (string, bool) {
		key, ok := media.KeyFromURL(workspaceID, url)
		if !ok {
			return "", false
		}
		return files.URL(key), true
	}
	n, err := ps.RewriteBannerURLs(ctx, current)
	if err != nil {
		return fmt.Errorf("banner URLs: %w", err)
	}
	m, err := st.RewritePlannedBanners(ctx, current)
	if err != nil {
		return fmt.Errorf("scheduled banner URLs: %w", err)
	}
	if n > 0 || m > 0 {
		logger.Info("banner images moved to the current media URLs", "posts", n, "scheduled_items", m, "media_url", now)
	}
	return st.SetState(ctx, stateMediaURL, now)
}
