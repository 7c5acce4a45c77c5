package frontend

import "strings"

// Kind is what the server answers at a route's address.
type Kind int

const (
	// Page is a reader's page: server/site answers it with its own head
	// (and the app's server render), and the app hydrates it.
	Page Kind = iota
	// Screen is one of the app's own screens (auth, dashboard, admin): the
	// server answers the app's HTML with a plain, noindex head titled
	// Route.Title, and the app renders it in the browser.
	Screen
	// File is an address the server answers with a file of its own (a feed,
	// the sitemap); the app only reloads the page to reach it.
	File
	// Missing is a reserved address neither side serves: both answer 404
	// (a path segment "*" stands for any rest of the path).
	Missing
)

// Route is one address the app's router declares.
type Route struct {
	// Name is the route's key in the app's ROUTES (web/src/api/shared.gen.ts).
	Name string
	// Pattern is the path: "{name}" is one segment ({id} a number), a last
	// segment "*" any rest.
	Pattern string
	Kind    Kind
	// Title is a Screen's title in the server's head.
	Title string
}

// Routes is the route table of the app and the server: the app's router
// declares exactly these paths (generated into the app by tools/tsgen as
// ROUTES), and the server recognises its Screens from it (ScreenTitle).
// A route added here and not to the router fails the app's route test; one
// declared by the router and not here fails it too, and the server's route
// test loads each of these addresses.
var Routes = []Route{
	// Files the server makes.
	{Name: "feed", Pattern: "/feed.xml", Kind: File},
	{Name: "sitemap", Pattern: "/sitemap.xml", Kind: File},
	{Name: "categoryFeed", Pattern: "/{category}/feed.xml", Kind: File},
	{Name: "tagFeed", Pattern: "/tag/{tag}/{feed}", Kind: File},
	{Name: "blogFeed", Pattern: "/blog/{workspace}/feed.xml", Kind: File},
	{Name: "blogTagFeed", Pattern: "/blog/{workspace}/tag/{tag}/{feed}", Kind: File},

	// The site's own pages.
	{Name: "posts", Pattern: "/posts", Kind: Page},
	{Name: "about", Pattern: "/about", Kind: Page},
	{Name: "landing", Pattern: "/landing", Kind: Page},

	// The blog at the host's root (the site's, or a custom domain's).
	{Name: "home", Pattern: "/", Kind: Page},
	{Name: "tag", Pattern: "/tag/{tag}", Kind: Page},
	{Name: "search", Pattern: "/search", Kind: Page},
	{Name: "author", Pattern: "/author/{slug}", Kind: Page},
	{Name: "confirm", Pattern: "/confirm", Kind: Page},
	{Name: "unsubscribe", Pattern: "/unsubscribe", Kind: Page},
	{Name: "category", Pattern: "/{category}", Kind: Page},
	{Name: "post", Pattern: "/{category}/{slug}", Kind: Page},

	// A workspace's blog below /blog/{workspace}.
	{Name: "blog", Pattern: "/blog/{workspace}", Kind: Page},
	{Name: "blogTag", Pattern: "/blog/{workspace}/tag/{tag}", Kind: Page},
	{Name: "blogSearch", Pattern: "/blog/{workspace}/search", Kind: Page},
	{Name: "blogAuthor", Pattern: "/blog/{workspace}/author/{slug}", Kind: Page},
	{Name: "blogConfirm", Pattern: "/blog/{workspace}/confirm", Kind: Page},
	{Name: "blogUnsubscribe", Pattern: "/blog/{workspace}/unsubscribe", Kind: Page},
	{Name: "blogCategory", Pattern: "/blog/{workspace}/{category}", Kind: Page},
	{Name: "blogPost", Pattern: "/blog/{workspace}/{category}/{slug}", Kind: Page},

	// A post's private preview link.
	{Name: "preview", Pattern: "/preview/{id}/{token}", Kind: Page},

	// Sign-in and the account e-mails' pages (their links carry a token).
	{Name: "login", Pattern: "/login", Kind: Screen, Title: "Login"},
	{Name: "signup", Pattern: "/signup", Kind: Screen, Title: "Sign up"},
	{Name: "adminLogin", Pattern: "/admin/login", Kind: Screen, Title: "Admin Login"},
	{Name: "adminSignup", Pattern: "/admin/signup", Kind: Screen, Title: "Admin Sign up"},
	{Name: "forgotPassword", Pattern: "/forgot-password", Kind: Screen, Title: "Forgot password"},
	{Name: "resetPassword", Pattern: "/reset-password", Kind: Screen, Title: "Choose a new password"},
	{Name: "verifyEmail", Pattern: "/verify-email", Kind: Screen, Title: "Verify your e-mail address"},
	{Name: "confirmEmail", Pattern: "/confirm-email", Kind: Screen, Title: "Confirm your new e-mail address"},

	// The owner's dashboard.
	{Name: "onboarding", Pattern: "/onboarding", Kind: Screen, Title: "Set up your blog"},
	{Name: "dashboard", Pattern: "/dashboard", Kind: Screen, Title: "Dashboard"},
	{Name: "dashboardPosts", Pattern: "/dashboard/posts", Kind: Screen, Title: "My Posts"},
	{Name: "newPost", Pattern: "/dashboard/posts/new", Kind: Screen, Title: "New post"},
	{Name: "editPost", Pattern: "/dashboard/posts/{id}", Kind: Screen, Title: "Edit post"},
	{Name: "dashboardAllPosts", Pattern: "/dashboard/all-posts", Kind: Screen, Title: "All my posts"},
	{Name: "dashboardSchedule", Pattern: "/dashboard/schedule", Kind: Screen, Title: "Post Scheduler"},
	{Name: "dashboardCategories", Pattern: "/dashboard/categories", Kind: Screen, Title: "Category Management"},
	{Name: "dashboardMedia", Pattern: "/dashboard/media", Kind: Screen, Title: "Media Library"},
	{Name: "dashboardSettings", Pattern: "/dashboard/settings", Kind: Screen, Title: "Blog settings"},
	{Name: "dashboardSubscribers", Pattern: "/dashboard/subscribers", Kind: Screen, Title: "Subscribers"},

	// The admin's screens (/admin goes on to /admin/dashboard in the app).
	{Name: "admin", Pattern: "/admin", Kind: Screen, Title: "Admin Dashboard"},
	{Name: "adminDashboard", Pattern: "/admin/dashboard", Kind: Screen, Title: "Admin Dashboard"},
	{Name: "adminUsers", Pattern: "/admin/users", Kind: Screen, Title: "Users"},
	{Name: "adminSchedule", Pattern: "/admin/schedule", Kind: Screen, Title: "Post Scheduler"},
	{Name: "adminCategories", Pattern: "/admin/categories", Kind: Screen, Title: "Category Management"},
	{Name: "adminMediaLibrary", Pattern: "/admin/media-library", Kind: Screen, Title: "Media Library"},
	{Name: "adminAllPosts", Pattern: "/admin/all-posts", Kind: Screen, Title: "All posts"},
	{Name: "adminSubscribers", Pattern: "/admin/subscribers", Kind: Screen, Title: "Subscribers"},

	// Reserved prefixes never fall through to a category or a post.
	{Name: "blogIndex", Pattern: "/blog", Kind: Missing},
	{Name: "blogRest", Pattern: "/blog/*", Kind: Missing},
	{Name: "dashboardRest", Pattern: "/dashboard/*", Kind: Missing},
	{Name: "adminRest", Pattern: "/admin/*", Kind: Missing},
	{Name: "notFound", Pattern: "/*", Kind: Missing},
}

// screens are the Screen routes by pattern, and those with a parameter.
var screens, screenPatterns = func() (map[string]string, []Route) {
	byPath := map[string]string{}
	var patterns []Route
	for _, r := range Routes {
		if r.Kind != Screen {
			continue
		}
		if strings.Contains(r.Pattern, "{") {
			patterns = append(patterns, r)
		} else {
			byPath[r.Pattern] = r.Title
		}
	}
	return byPath, patterns
}()

// ScreenTitle reports whether path is one of the app's screens, and its
// title.
func ScreenTitle(path string) (string, bool) {
	if t, ok := screens[path]; ok {
		return t, true
	}
	for _, r := range screenPatterns {
		if Match(r.Pattern, path) {
			return r.Title, true
		}
	}
	return "", false
}

// Match reports whether path is an address of pattern: each "{name}"
// segment is one non-empty segment ({id}: a number of at most 19 digits),
// a last segment "*" one or more segments, any other segment itself.
func Match(pattern, path string) bool {
	ps, xs := strings.Split(pattern, "/"), strings.Split(path, "/")
	for i, p := range ps {
		if p == "*" && i == len(ps)-1 {
			return i < len(xs) && xs[i] != ""
		}
		if i >= len(xs) {
			return false
		}
		x := xs[i]
		switch {
		case p == "{id}":
			if !number(x) {
				return false
			}
		case strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}"):
			if x == "" {
				return false
			}
		case p != x:
			return false
		}
	}
	return len(ps) == len(xs)
}

// number reports whether s is 1 to 19 decimal digits (an int64 id).
func number(s string) bool {
	if s == "" || len(s) > 19 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// RouterPath is a pattern as the app's router writes it: "{name}"
// becomes ":name".
func RouterPath(pattern string) string {
	segs := strings.Split(pattern, "/")
	for i, s := range segs {
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			segs[i] = ":" + s[1:len(s)-1]
		}
	}
	return strings.Join(segs, "/")
}
