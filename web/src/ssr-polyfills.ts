// The server's JavaScript engine has no URL or URLSearchParams, which the app and its router use (some at
// module load): this script runs before the server bundle (see vite.ssr.config.ts).
import 'core-js/modules/web.url.constructor.js'
import 'core-js/modules/web.url.to-json.js'
import 'core-js/modules/web.url-search-params.constructor.js'
