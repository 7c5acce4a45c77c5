package api

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestHasNUL(t *testing.T) {
	type inner struct{ S string }
	type doc struct {
		A    string
		P    *string
		L    []inner
		M    map[string]string
		Any  any
		Raw  json.RawMessage
		Arr  [2]byte
		priv string
	}
	nul := "x\x00"
	tests := []struct {
		name string
		v    any
		want bool
	}{
		{"empty", &doc{}, false},
		{"plain text", &doc{A: "a", L: []inner{{"b"}}, M: map[string]string{"k": "v"}, Any: []any{"c"}, Raw: json.RawMessage(`"d"`)}, false},
		{"field", &doc{A: nul}, true},
		{"pointer", &doc{P: &nul}, true},
		{"slice element", &doc{L: []inner{{"ok"}, {nul}}}, true},
		{"map value", &doc{M: map[string]string{"k": nul}}, true},
		{"map key", &doc{M: map[string]string{nul: "v"}}, true},
		{"interface", &doc{Any: map[string]any{"k": []any{nul}}}, true},
		{"raw JSON escape", &doc{Raw: json.RawMessage(`"\u0000"`)}, true},
		{"unexported field is not read", &doc{priv: nul}, false},
	}
	for _, tt := range tests {
		if got := hasNUL(reflect.ValueOf(tt.v)); got != tt.want {
			t.Errorf("%s: hasNUL = %v, want %v", tt.name, got, tt.want)
		}
	}
}
