import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@nexus/ui/styles.css'
import './styles/app.css'
import { App } from './App.tsx'
import { activateLocale, readLocale } from './lib/i18n.ts'

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks the #root element')

// Every route change starts at the top, also back and forward (SPEC.md §2); the browser must not restore positions.
window.history.scrollRestoration = 'manual'

// The first paint waits for the saved language's catalog, so no text flashes in the other language.
activateLocale(readLocale(window.localStorage), window.localStorage).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
