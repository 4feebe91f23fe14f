// Testing Library only cleans up automatically when test globals exist; this project imports them explicitly.
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom has no layout, so it lacks window.scrollTo; the shell calls it on every route change.
window.scrollTo = () => undefined

// A page renders after its route has loaded its catalogs (compiled from .po on first import): on a loaded machine
// the first render of a test file can take longer than Testing Library's default of 1 s to appear.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  window.localStorage.clear()
})
