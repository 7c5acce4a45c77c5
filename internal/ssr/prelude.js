// What the app's server bundle needs from a browser-like host, in any engine: a console that reports to Go,
// timers that never fire (a page is rendered in passes, not by the clock), TextEncoder, AbortController,
// performance.now, and a fetch that answers GET requests for the API in process (__inkpressFetch, Go).
(function (g) {
  'use strict'
  var say = function (level) {
    return function () {
      var parts = []
      for (var i = 0; i < arguments.length; i++) {
        var a = arguments[i]
        parts.push(a instanceof Error ? String(a.stack || a) : typeof a === 'string' ? a : String(a))
      }
      g.__inkpressLog(level, parts.join(' '))
    }
  }
  g.console = { log: say('info'), info: say('info'), debug: say('debug'), warn: say('warn'), error: say('error') }
  g.self = g
  g.performance = { now: function () { return Date.now() } }
  g.setTimeout = function () { return 0 }
  g.clearTimeout = function () {}
  g.setInterval = function () { return 0 }
  g.clearInterval = function () {}
  g.queueMicrotask = function (f) { Promise.resolve().then(f) }
  // React's streaming renderer schedules with a MessageChannel; renderToString never posts to it.
  g.MessageChannel = function () {
    this.port1 = { onmessage: null, postMessage: function () {}, close: function () {} }
    this.port2 = { onmessage: null, postMessage: function () {}, close: function () {} }
  }

  function TextEncoder() {}
  TextEncoder.prototype.encoding = 'utf-8'
  TextEncoder.prototype.encode = function (s) {
    s = String(s === undefined ? '' : s)
    var out = []
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i)
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
        var d = s.charCodeAt(i + 1)
        if (d >= 0xdc00 && d < 0xe000) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++ } else c = 0xfffd
      } else if (c >= 0xd800 && c < 0xe000) c = 0xfffd
      if (c < 0x80) out.push(c)
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    }
    return new Uint8Array(out)
  }
  g.TextEncoder = TextEncoder

  function AbortController() {
    this.signal = { aborted: false, reason: undefined, onabort: null,
      addEventListener: function () {}, removeEventListener: function () {},
      throwIfAborted: function () { if (this.aborted) throw this.reason } }
  }
  AbortController.prototype.abort = function (reason) { this.signal.aborted = true; this.signal.reason = reason }
  g.AbortController = AbortController

  // The API client tests bodies and errors against these; nothing on the server creates them.
  g.FormData = function FormData() {}
  g.Blob = function Blob() {}
  g.DOMException = function DOMException(message, name) { this.message = message; this.name = name || 'Error' }

  function Response(status, body) {
    this.status = status
    this.ok = status >= 200 && status < 300
    this.statusText = ''
    this._body = body
    this.headers = { get: function () { return null }, has: function () { return false } }
  }
  Response.prototype.text = function () { return Promise.resolve(this._body) }
  Response.prototype.json = function () {
    var b = this._body
    return new Promise(function (resolve) { resolve(JSON.parse(b)) })
  }
  Response.prototype.clone = function () { return new Response(this.status, this._body) }

  g.fetch = function (input, init) {
    var method = (init && init.method) || 'GET'
    if (method !== 'GET') return Promise.reject(new TypeError('the server renders with GET requests only'))
    var url = typeof input === 'string' ? input : String(input && input.url ? input.url : input)
    // __inkpressFetch answers [status, body].
    var r = g.__inkpressFetch(url)
    return Promise.resolve(new Response(r[0], r[1]))
  }
})(globalThis)
