package palette

import "testing"

func TestValidAndSafe(t *testing.T) {
	for _, tt := range []struct {
		in    string
		valid bool
		safe  string
	}{
		{"#6366f1", true, "#6366f1"},
		{"#10B981", true, "#10b981"},
		{" #10b981 ", false, "#10b981"},
		{"#fff", false, Default},
		{"#12345", false, Default},
		{"#1234567", false, Default},
		{"10b981", false, Default},
		{"#10b98g", false, Default},
		{"red", false, Default},
		{"red; background:url(x)", false, Default},
		{"#10b981;}", false, Default},
		{"", false, Default},
	} {
		if got := Valid(tt.in); got != tt.valid {
			t.Errorf("Valid(%q) = %v, want %v", tt.in, got, tt.valid)
		}
		if got := Safe(tt.in); got != tt.safe {
			t.Errorf("Safe(%q) = %q, want %q", tt.in, got, tt.safe)
		}
	}
}

func TestReadableOn(t *testing.T) {
	for _, tt := range []struct{ bg, want string }{
		{"#000000", LightInk},
		{"#ffffff", DarkInk},
		{"#4f46e5", LightInk},
		{"#6366f1", DarkInk}, // white at 4.47:1, the dark ink at 4.70:1
		{"#fde68a", DarkInk},
		{"#f59e0b", DarkInk}, // amber: white reads poorly
		{"#10b981", DarkInk},
		{"#a855f7", DarkInk},
		{"#f43f5e", DarkInk},
		{"#767676", LightInk},     // white at 4.54:1
		{"#777777", DarkInk},      // white at 4.48:1, the dark ink better
		{"not a colour", DarkInk}, // the default's
	} {
		if got := ReadableOn(tt.bg); got != tt.want {
			t.Errorf("ReadableOn(%q) = %q, want %q", tt.bg, got, tt.want)
		}
	}
}

func TestSchemes(t *testing.T) {
	if Schemes[0].Primary != Default {
		t.Errorf("the first scheme %q is not the default %q", Schemes[0].Primary, Default)
	}
	seen := map[string]bool{}
	for _, s := range Schemes {
		if !Valid(s.Primary) || !Valid(s.Accent) || s.Name == "" || seen[s.Name] || Safe(s.Primary) != s.Primary {
			t.Errorf("scheme %+v: not lower-case colours, unnamed or named twice", s)
		}
		seen[s.Name] = true
	}
}

func TestGradient(t *testing.T) {
	for in, want := range map[string]string{
		"#10B981": "linear-gradient(135deg, #10b981, #10b981cc)",
		"":        "linear-gradient(135deg, #6366f1, #6366f1cc)",
		"x;}":     "linear-gradient(135deg, #6366f1, #6366f1cc)",
	} {
		if got := Gradient(in); got != want {
			t.Errorf("Gradient(%q) = %q, want %q", in, got, want)
		}
	}
}
