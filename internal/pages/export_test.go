package pages

import "runtime"

func runtimeGosched() { runtime.Gosched() }
