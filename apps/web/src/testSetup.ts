// Testing Library only cleans up automatically when test globals exist; this project imports them explicitly.
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom has no layout, so it lacks window.scrollTo; the shell calls it on every route change.
window.scrollTo = () => undefined

afterEach(() => {
  cleanup()
  window.localStorage.clear()
})
