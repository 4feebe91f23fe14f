// Testing Library only cleans up automatically when test globals exist; this project imports them explicitly.
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())
