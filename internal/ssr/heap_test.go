package ssr

import (
	"reflect"
	"sync"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
	"modernc.org/quickjs"
)

// heap is what an engine's QuickJS runtime holds, after a full collection
// (JS_RunGC then JS_ComputeMemoryUsage). modernc.org/quickjs has no API for
// either, so the runtime is reached through the VM's unexported fields; the
// test fails, naming this, if a new version of the package moves them.
type heap = lib.TJSMemoryUsage

func heapAfterGC(vm *quickjs.VM) (heap, bool) {
	rt := reflect.ValueOf(vm).Elem().FieldByName("state").FieldByName("runtime")
	if !rt.IsValid() || rt.Kind() != reflect.Pointer || rt.IsNil() {
		return heap{}, false
	}
	c, t := rt.Elem().FieldByName("cRuntime"), rt.Elem().FieldByName("tls")
	if !c.IsValid() || c.Kind() != reflect.Uintptr || !t.IsValid() || t.Type() != reflect.TypeOf((*libc.TLS)(nil)) {
		return heap{}, false
	}
	cRuntime := uintptr(c.Uint())
	tls := reflect.NewAt(t.Type(), unsafe.Pointer(t.UnsafeAddr())).Elem().Interface().(*libc.TLS)
	lib.XJS_RunGC(tls, cRuntime)
	usageMu.Lock()
	defer usageMu.Unlock()
	lib.XJS_ComputeMemoryUsage(tls, cRuntime, uintptr(unsafe.Pointer(&usage)))
	return usage, true
}

// usage is where the engine writes its figures: a package variable, which
// the Go runtime never moves (a local could move with its stack).
var (
	usageMu sync.Mutex
	usage   heap
)
