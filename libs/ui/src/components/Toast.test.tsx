import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_DURATIONS, ToastProvider, useToast } from './Toast.tsx'
import type { ToastApi } from './Toast.tsx'

function Capture({ onApi }: { onApi: (api: ToastApi) => void }) {
  onApi(useToast())
  return null
}

function setup() {
  let api: ToastApi | undefined
  render(
    <ToastProvider regionLabel="Notes">
      <Capture onApi={(value) => (api = value)} />
    </ToastProvider>,
  )
  if (!api) throw new Error('no toast api')
  return api
}

describe('Toast', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('uses the durations of SPEC.md §8', () => {
    expect(TOAST_DURATIONS).toEqual({ success: 2000, info: 2000, warning: 2000, error: 4000 })
  })

  it('shows a success toast for 2 s', () => {
    const toast = setup()
    act(() => void toast.success('Copy Success'))
    expect(screen.getByRole('status').textContent).toBe('Copy Success')
    act(() => vi.advanceTimersByTime(1999))
    expect(screen.queryByText('Copy Success')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Copy Success')).toBeNull()
  })

  it('shows info and warning toasts for 2 s', () => {
    const toast = setup()
    act(() => {
      toast.info('Come Soon')
      toast.warning('Careful')
    })
    expect(screen.getAllByRole('status').map((el) => el.getAttribute('data-kind'))).toEqual(['info', 'warning'])
    act(() => vi.advanceTimersByTime(2000))
    expect(screen.queryAllByRole('status')).toHaveLength(0)
  })

  it('shows an error toast as an alert for 4 s', () => {
    const toast = setup()
    act(() => void toast.error('Operate Error'))
    expect(screen.getByRole('alert').textContent).toBe('Operate Error')
    act(() => vi.advanceTimersByTime(3999))
    expect(screen.queryByRole('alert')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('dismisses a toast on click and keeps the others', () => {
    const toast = setup()
    act(() => {
      toast.success('one')
      toast.success('two')
    })
    fireEvent.click(screen.getByText('one'))
    expect(screen.queryByText('one')).toBeNull()
    expect(screen.queryByText('two')).not.toBeNull()
  })

  it('renders messages as text, never as markup', () => {
    const toast = setup()
    act(() => void toast.error('<img src=x onerror=alert(1)>'))
    const alert = screen.getByRole('alert')
    expect(alert.querySelector('img')).toBeNull()
    expect(alert.textContent).toBe('<img src=x onerror=alert(1)>')
  })

  it('shows a link under the text when given one (a transaction on the block explorer), opening a new tab', () => {
    const toast = setup()
    act(() => {
      toast.success('Claimed', { link: { href: 'https://testnet.bscscan.com/tx/0xab', label: 'View on explorer' } })
      toast.success('Copied')
    })
    const [linked, plain] = screen.getAllByRole('status')
    const link = linked?.querySelector('a')
    expect(link?.getAttribute('href')).toBe('https://testnet.bscscan.com/tx/0xab')
    expect(link?.getAttribute('target')).toBe('_blank')
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link?.textContent).toBe('View on explorer')
    expect(plain?.querySelector('a')).toBeNull()
  })

  it('names its region', () => {
    setup()
    expect(screen.getByRole('region', { name: 'Notes' })).toBeDefined()
  })

  it('refuses to work outside a provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => render(<Capture onApi={() => undefined} />)).toThrow(/inside a <ToastProvider>/)
    spy.mockRestore()
  })
})
