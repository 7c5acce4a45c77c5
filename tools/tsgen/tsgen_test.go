package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/internal/ai"
)

func TestGenerate(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // lines the output must hold
		err       string
	}{
		{"scalars and tags", "type A struct {\n\tID int64 `json:\"id\"`\n\tOK bool `json:\"ok\"`\n\tName string\n\tHidden string `json:\"-\"`\n\tlower string\n}",
			[]string{"export interface A {", "  id: number", "  ok: boolean", "  Name: string"}, ""},
		{"optional, pointer, slice, map, time", "type B struct {\n\tN *int `json:\"n\"`\n\tO string `json:\"o,omitempty\"`\n\tP *A `json:\"p,omitempty\"`\n\tS []string `json:\"s\"`\n\tM map[string]int `json:\"m\"`\n\tT time.Time `json:\"t\"`\n\tX []*A `json:\"x\"`\n}\ntype A struct{}",
			[]string{"  n: number | null", "  o?: string", "  p?: A", "  s: string[]", "  m: Record<string, number>", "  t: string", "  x: (A | null)[]"}, ""},
		{"embedding extends", "type A struct{}\ntype C struct {\n\tA\n\tZ int `json:\"z\"`\n}",
			[]string{"export interface C extends A {"}, ""},
		{"string enum", "type Tier string\nconst (\n\tTierA Tier = \"a\"\n\tTierB Tier = \"b\"\n)",
			[]string{"export type Tier = 'a' | 'b'"}, ""},
		{"string enum from another package", "// Ext is listed elsewhere.\ntype Ext string",
			[]string{"/** Ext is listed elsewhere. */", "export type Ext = 'p' | 'q'"}, ""},
		{"doc comments", "// D is a thing.\ntype D struct {\n\t// F is a field.\n\tF int `json:\"f\"`\n}",
			[]string{"/** D is a thing. */", "  /** F is a field. */"}, ""},
		{"directive for custom JSON", "// N is a number as forms send it.\n//\n//tsgen:number\ntype N struct{ V int }",
			[]string{"/** N is a number as forms send it. */", "export type N = number"}, ""},
		{"foreign type refused", "type E struct {\n\tS store.Post `json:\"s\"`\n}", nil, "another package"},
		{"unexported type refused", "type F struct {\n\tS secret `json:\"s\"`\n}\ntype secret struct{}", nil, "unexported"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			src := "package contract\n\nimport \"time\"\n\nvar _ time.Time\n\n" + tc.src + "\n"
			if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := Generate(dir, map[string][]string{"Ext": {"p", "q"}})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(out), w+"\n") {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestLimitsAreNamedOnceAndPositive(t *testing.T) {
	seen := map[string]bool{}
	for _, l := range limits {
		if seen[l.name] || l.value <= 0 || l.doc == "" {
			t.Errorf("limit %q: duplicate, non-positive (%d) or undocumented", l.name, l.value)
		}
		seen[l.name] = true
	}
	if out := limitsTS(); !strings.Contains(out, "  topicMax: 300,\n") || !strings.HasSuffix(out, "} as const\n") {
		t.Errorf("LIMITS rendered as:\n%s", out)
	}
}

// The contract's Language type and the languages the server accepts are
// the same list, in the same order.
func TestContractLanguagesAreTheServers(t *testing.T) {
	src, err := Generate("../../server/api/contract", externalEnums())
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, l := range ai.Languages() {
		codes = append(codes, "'"+l.Code+"'")
	}
	if want := "export type Language = " + strings.Join(codes, " | ") + "\n"; !strings.Contains(string(src), want) {
		t.Errorf("the contract's Language is not %q", want)
	}
	if out := languagesTS(); !strings.Contains(out, "  { code: 'uk', name: 'Ukrainian' },\n") {
		t.Errorf("LANGUAGES rendered as:\n%s", out)
	}
}
