package pages

import "expvar"

// metrics are this instance's counters, published with expvar as
// "inkpress_pages" (served on INKPRESS_DEBUG_ADDR at /debug/vars).
var metrics = struct {
	renders, rendersWrite, rendersDemand, rendersStale, rendersBuild *expvar.Int
	plain, refused, storeHits, storeMisses, failed                   *expvar.Int
}{}

// Vars is the published map; queue is filled by the Worker.
var Vars = expvar.NewMap("inkpress_pages")

func init() {
	n := func(name string) *expvar.Int {
		v := new(expvar.Int)
		Vars.Set(name, v)
		return v
	}
	metrics.renders = n("renders")
	metrics.rendersWrite = n("renders_write")
	metrics.rendersDemand = n("renders_demand")
	metrics.rendersStale = n("renders_stale")
	metrics.rendersBuild = n("renders_build")
	metrics.plain = n("plain")
	metrics.refused = n("refused")
	metrics.storeHits = n("store_hits")
	metrics.storeMisses = n("store_misses")
	metrics.failed = n("render_failures")
	Vars.Set("queue", new(expvar.Int))
}

// Rendered counts one page render for reason.
func Rendered(reason string) {
	metrics.renders.Add(1)
	switch reason {
	case ReasonWrite:
		metrics.rendersWrite.Add(1)
	case ReasonDemand:
		metrics.rendersDemand.Add(1)
	case ReasonStale:
		metrics.rendersStale.Add(1)
	case ReasonBuild:
		metrics.rendersBuild.Add(1)
	}
}

// ServedPlain counts a plain page served instead of a render.
func ServedPlain() { metrics.plain.Add(1) }

// RenderFailed counts a render that failed (the page got its plain body).
func RenderFailed() { metrics.failed.Add(1) }

// Renders is the total of renders so far (tests).
func Renders() int64 { return metrics.renders.Value() }
