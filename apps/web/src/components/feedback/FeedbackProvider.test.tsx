import { act, render } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { activateLocale, i18n } from '../../lib/i18n.ts'
import { useFeedback } from '../../hooks/useFeedback.ts'
import { FeedbackProvider } from './FeedbackProvider.tsx'

type Feedback = ReturnType<typeof useFeedback>

function setup(): Feedback {
  let feedback: Feedback | undefined
  function Capture() {
    feedback = useFeedback()
    return null
  }
  render(
    <I18nProvider i18n={i18n}>
      <FeedbackProvider>
        <Capture />
      </FeedbackProvider>
    </I18nProvider>,
  )
  if (!feedback) throw new Error('no feedback')
  return feedback
}

describe('FeedbackProvider.exclusive', () => {
  beforeEach(async () => {
    await activateLocale('en')
  })

  it('runs one work at a time: a second call while the first runs (a double click) runs nothing', async () => {
    const { exclusive } = setup()
    let runs = 0
    let finish: () => void = () => undefined
    const work = () =>
      new Promise<string>((resolve) => {
        runs++
        finish = () => resolve('sent')
      })
    let first: Promise<string | undefined> | undefined
    let second: Promise<string | undefined> | undefined
    act(() => {
      // both in one task, before React re-renders: only the guard can stop the second
      first = exclusive(work)
      second = exclusive(work)
    })
    expect(await second).toBeUndefined()
    expect(runs).toBe(1)
    await act(async () => finish())
    expect(await first).toBe('sent')
    // Once the first settled, the next click runs again; a failure frees the guard too.
    await act(async () => {
      await expect(exclusive(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
    })
    await act(async () => {
      expect(await exclusive(async () => 'again')).toBe('again')
    })
  })
})
