package blog

import (
	"strings"
	"testing"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

func TestNewCategory(t *testing.T) {
	tests := []struct {
		name    string
		in      CategoryInput
		want    store.Category // Name, Slug, Description, ColorHex
		wantErr string
	}{
		{"valid", CategoryInput{Name: "  Tech   News ", Slug: " tech ", Description: " Gadgets ", Color: "#0EA5E9"},
			store.Category{Name: "Tech News", Slug: "tech", Description: "Gadgets", ColorHex: "#0ea5e9"}, ""},
		{"default colour", CategoryInput{Name: "Tech", Slug: "tech"},
			store.Category{Name: "Tech", Slug: "tech", ColorHex: DefaultColor}, ""},
		{"nothing", CategoryInput{}, store.Category{}, "Slug and name are required"},
		{"no slug", CategoryInput{Name: "No slug"}, store.Category{}, "Slug is required"},
		{"blank name", CategoryInput{Name: " ", Slug: "noname"}, store.Category{}, "Name is required"},
		{"bad slug", CategoryInput{Name: "X", Slug: "Bad Slug"}, store.Category{},
			"The slug may only hold lowercase letters, numbers and single dashes (at most 60 characters)"},
		{"long slug", CategoryInput{Name: "X", Slug: strings.Repeat("a", MaxCategorySlug+1)}, store.Category{},
			"The slug may only hold lowercase letters, numbers and single dashes (at most 60 characters)"},
		{"long name", CategoryInput{Name: strings.Repeat("é", MaxCategoryName+1), Slug: "x"}, store.Category{},
			"The name must be at most 60 characters"},
		{"name at the limit", CategoryInput{Name: strings.Repeat("é", MaxCategoryName), Slug: "x"},
			store.Category{Name: strings.Repeat("é", MaxCategoryName), Slug: "x", ColorHex: DefaultColor}, ""},
		{"long description", CategoryInput{Name: "X", Slug: "x", Description: strings.Repeat("d", MaxCategoryDescription+1)},
			store.Category{}, "The description must be at most 300 characters"},
		{"colour name", CategoryInput{Name: "Col", Slug: "col", Color: "blue"}, store.Category{}, "The colour must be a hex colour like #6366f1"},
		{"short hex", CategoryInput{Name: "Col", Slug: "col", Color: "#12345"}, store.Category{}, "The colour must be a hex colour like #6366f1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewCategory(tt.in)
			checkErr(t, err, tt.wantErr)
			if err == nil && (got.Name != tt.want.Name || got.Slug != tt.want.Slug || got.Description != tt.want.Description ||
				got.ColorHex != tt.want.ColorHex) {
				t.Fatalf("NewCategory = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestOnboardingCategory(t *testing.T) {
	tests := []struct {
		name              string
		in                CategoryInput
		slug, description string
		wantErr           string
	}{
		{"suggested", CategoryInput{Name: "Food & Cooking", Slug: "food-cooking", Description: "Recipes"}, "food-cooking", "Recipes", ""},
		{"custom: slug from the name", CategoryInput{Name: "My Custom Topic!"}, "my-custom-topic", "My Custom Topic! articles", ""},
		{"invalid slug is remade", CategoryInput{Name: "Deep  Work", Slug: "Deep Work"}, "deep-work", "Deep Work articles", ""},
		{"no letter or number", CategoryInput{Name: "!!!"}, "", "", `Category "!!!" needs at least one letter or number`},
		{"no name", CategoryInput{Slug: "tech"}, "", "", "Name is required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := OnboardingCategory(tt.in)
			checkErr(t, err, tt.wantErr)
			if err == nil && (got.Slug != tt.slug || got.Description != tt.description || got.ColorHex != DefaultColor) {
				t.Fatalf("OnboardingCategory = %+v", got)
			}
		})
	}
}

func TestOnboardingCategories(t *testing.T) {
	many := make([]CategoryInput, MaxOnboardingCategories+1)
	for i := range many {
		many[i] = CategoryInput{Name: "C", Slug: "c"}
	}
	tests := []struct {
		name    string
		in      []CategoryInput
		slugs   []string
		wantErr string
	}{
		{"none", nil, nil, "Please select or create at least one category"},
		{"too many", many, nil, "Please choose at most 30 categories"},
		{"duplicates kept once", []CategoryInput{{Name: "Tech", Slug: "tech"}, {Name: "Tech again", Slug: "tech"}, {Name: "Food"}},
			[]string{"tech", "food"}, ""},
		{"one bad refuses all", []CategoryInput{{Name: "Tech", Slug: "tech"}, {Name: "?"}}, nil, `Category "?" needs at least one letter or number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := onboardingCategories(tt.in)
			checkErr(t, err, tt.wantErr)
			if err != nil {
				return
			}
			var slugs []string
			for _, c := range got {
				slugs = append(slugs, c.Slug)
			}
			if strings.Join(slugs, ",") != strings.Join(tt.slugs, ",") {
				t.Fatalf("slugs = %v, want %v", slugs, tt.slugs)
			}
		})
	}
}

func TestEditCategory(t *testing.T) {
	tests := []struct {
		name     string
		in       CategoryInput
		color    string
		gradient string
		wantErr  string
	}{
		{"same slug may be sent", CategoryInput{Name: "Technology", Slug: "tech", Color: "#6366F1"}, "#6366f1", "g", ""},
		{"slug left out", CategoryInput{Name: "Technology"}, DefaultColor, "g", ""},
		{"new colour drops the gradient", CategoryInput{Name: "Technology", Color: "#0ea5e9"}, "#0ea5e9", "", ""},
		{"slug change", CategoryInput{Name: "Tech", Slug: "renamed"}, "", "", "The slug cannot be changed"},
		{"blank name", CategoryInput{Name: "  "}, "", "", "Name is required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat := &store.Category{ID: 1, Name: "Tech", Slug: "tech", ColorHex: DefaultColor, Gradient: "g"}
			err := editCategory(cat, tt.in)
			checkErr(t, err, tt.wantErr)
			if err == nil && (cat.Slug != "tech" || cat.ColorHex != tt.color || cat.Gradient != tt.gradient) {
				t.Fatalf("edited = %+v", cat)
			}
		})
	}
}

func TestApplySettings(t *testing.T) {
	ok := SettingsInput{Title: "  My Blog ", Description: " About things ", Template: "template-2", Color: "#10B981", Font: "Playfair Display"}
	with := func(f func(*SettingsInput)) SettingsInput { in := ok; f(&in); return in }
	tests := []struct {
		name    string
		in      SettingsInput
		want    store.Settings
		wantErr string
	}{
		{"all set", ok, store.Settings{BlogTitle: "My Blog", BlogDescription: "About things", TemplateID: "template-2",
			PrimaryColor: "#10b981", FontFamily: "Playfair Display", Language: "en", DefaultTone: "professional", DefaultLength: "medium"}, ""},
		{"empty choices keep the current ones", SettingsInput{Title: "T"},
			store.Settings{BlogTitle: "T", TemplateID: "template-1", PrimaryColor: DefaultColor, FontFamily: "Inter",
				Language: "en", DefaultTone: "professional", DefaultLength: "medium"}, ""},
		{"writing profile", with(func(in *SettingsInput) {
			in.BrandVoice, in.Language, in.DefaultTone, in.DefaultLength = ptr("  For busy founders; no jargon. "), ptr("uk"), ptr("casual"), ptr("long")
		}), store.Settings{BlogTitle: "My Blog", BlogDescription: "About things", TemplateID: "template-2", PrimaryColor: "#10b981",
			FontFamily: "Playfair Display", BrandVoice: "For busy founders; no jargon.", Language: "uk", DefaultTone: "casual",
			DefaultLength: "long"}, ""},
		{"brand voice at the limit", with(func(in *SettingsInput) { in.BrandVoice = ptr(strings.Repeat("é", MaxBrandVoice)) }),
			store.Settings{BlogTitle: "My Blog", BlogDescription: "About things", TemplateID: "template-2", PrimaryColor: "#10b981",
				FontFamily: "Playfair Display", BrandVoice: strings.Repeat("é", MaxBrandVoice), Language: "en", DefaultTone: "professional",
				DefaultLength: "medium"}, ""},
		{"long brand voice", with(func(in *SettingsInput) { in.BrandVoice = ptr(strings.Repeat("v", MaxBrandVoice+1)) }),
			store.Settings{}, "The brand voice must be at most 1000 characters"},
		{"unknown language", with(func(in *SettingsInput) { in.Language = ptr("xx") }), store.Settings{},
			"Please choose one of the offered languages"},
		{"empty language", with(func(in *SettingsInput) { in.Language = ptr("") }), store.Settings{},
			"Please choose one of the offered languages"},
		{"region subtag", with(func(in *SettingsInput) { in.Language = ptr("en-US") }), store.Settings{},
			"Please choose one of the offered languages"},
		{"unknown tone", with(func(in *SettingsInput) { in.DefaultTone = ptr("witty") }), store.Settings{},
			"Please choose a professional, casual or authoritative tone"},
		{"unknown length", with(func(in *SettingsInput) { in.DefaultLength = ptr("epic") }), store.Settings{},
			"Please choose a short, medium or long length"},
		{"no title", with(func(in *SettingsInput) { in.Title = " " }), store.Settings{}, "Please enter a blog name"},
		{"long title", with(func(in *SettingsInput) { in.Title = strings.Repeat("t", MaxBlogTitle+1) }), store.Settings{},
			"The blog name must be at most 120 characters"},
		{"long description", with(func(in *SettingsInput) { in.Description = strings.Repeat("d", MaxBlogDescription+1) }),
			store.Settings{}, "The blog description must be at most 500 characters"},
		{"unknown template", with(func(in *SettingsInput) { in.Template = "template-9" }), store.Settings{},
			"Please choose the Modern, Classic or Minimal template"},
		{"colour name", with(func(in *SettingsInput) { in.Color = "red" }), store.Settings{}, "The colour must be a hex colour like #6366f1"},
		{"short hex", with(func(in *SettingsInput) { in.Color = "#12345" }), store.Settings{}, "The colour must be a hex colour like #6366f1"},
		{"unknown font", with(func(in *SettingsInput) { in.Font = "Comic Sans" }), store.Settings{}, "Please choose one of the offered fonts"},
		{"newsletter choices", with(func(in *SettingsInput) { in.NewsletterEnabled, in.NewsletterFullText = ptr(false), ptr(true) }),
			store.Settings{BlogTitle: "My Blog", BlogDescription: "About things", TemplateID: "template-2", PrimaryColor: "#10b981",
				FontFamily: "Playfair Display", Language: "en", DefaultTone: "professional", DefaultLength: "medium",
				NewsletterFullText: true}, ""},
		{"reply address", with(func(in *SettingsInput) { in.ReplyTo = ptr(" Jane@Example.org ") }),
			store.Settings{BlogTitle: "My Blog", BlogDescription: "About things", TemplateID: "template-2", PrimaryColor: "#10b981",
				FontFamily: "Playfair Display", Language: "en", DefaultTone: "professional", DefaultLength: "medium",
				ReplyTo: "jane@example.org"}, ""},
		{"reply address with a name", with(func(in *SettingsInput) { in.ReplyTo = ptr(`"Jane" <jane@example.org>`) }), store.Settings{},
			"The reply address must be one e-mail address, like you@example.com (or empty for your account's)"},
		{"two reply addresses", with(func(in *SettingsInput) { in.ReplyTo = ptr("a@example.org, b@example.org") }), store.Settings{},
			"The reply address must be one e-mail address, like you@example.com (or empty for your account's)"},
		{"reply address with a line break", with(func(in *SettingsInput) { in.ReplyTo = ptr("a@example.org\r\nBcc: b@example.org") }), store.Settings{},
			"The reply address must be one e-mail address, like you@example.com (or empty for your account's)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := store.DefaultSettings(7, "Old")
			before := *set
			err := ApplySettings(set, tt.in)
			checkErr(t, err, tt.wantErr)
			if err != nil {
				if *set != before {
					t.Fatalf("refused settings changed: %+v", set)
				}
				return
			}
			tt.want.WorkspaceID = 7
			if tt.name != "newsletter choices" {
				tt.want.NewsletterEnabled = true // the default stays
			}
			if *set != tt.want {
				t.Fatalf("settings = %+v, want %+v", *set, tt.want)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

// checkErr fails unless err is the validation refusal want ("" = no error).
func checkErr(t *testing.T, err error, want string) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Fatalf("unexpected error %v", err)
		}
		return
	}
	e := apperr.As(err)
	if e == nil || e.Kind != apperr.Invalid || e.Code != "validation" || e.Message != want {
		t.Fatalf("error = %#v, want validation %q", err, want)
	}
}
