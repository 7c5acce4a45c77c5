import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import App from './App'

const container = document.getElementById('root')
if (!container) throw new Error('#root is missing from index.html')

// The server may have put crawler-visible HTML into #root; the client app replaces it.
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
