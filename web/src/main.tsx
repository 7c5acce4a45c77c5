import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import './index.css'
import App from './App'
import { createQueryClient, seedFromPage } from './lib/queryClient'
import { DOM } from './api/shared.gen'
import { loadTable } from './lib/readerText'

const container = document.getElementById(DOM.rootId)
if (!container) throw new Error(`#${DOM.rootId} is missing from index.html`)

const client = createQueryClient()
seedFromPage(client)
const app = (
  <StrictMode>
    <App client={client} />
  </StrictMode>
)
// The server rendered this page with the app (data-ssr): take its HTML over. Otherwise (the app's own screens, or
// the server's plain fallback) the app renders from scratch and replaces what is there.
function start() {
  if (container!.hasAttribute(DOM.ssrAttr)) hydrateRoot(container!, app)
  else createRoot(container!).render(app)
}
// A blog's page in another language than English is hydrated with that language's texts, as the server wrote
// them: its table (a small chunk) is loaded first. The page's language is the <html> tag's.
const table = loadTable(document.documentElement.lang)
if (table) void table.then(start)
else start()
