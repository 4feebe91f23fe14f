import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './ConfirmDialog.tsx'

function renderDialog(open = true) {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  const view = render(
    <ConfirmDialog
      open={open}
      title="Release order #3?"
      message="The tokens go back to your wallet."
      confirmLabel="Confirm"
      cancelLabel="Cancel"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  )
  return { onConfirm, onCancel, ...view }
}

describe('ConfirmDialog', () => {
  it('renders nothing while closed', () => {
    renderDialog(false)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('is a labelled modal dialog with the confirm button focused', () => {
    renderDialog()
    const dialog = screen.getByRole('dialog', { name: 'Release order #3?' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.activeElement?.textContent).toBe('Confirm')
  })

  it('calls onConfirm and onCancel from its buttons', () => {
    const { onConfirm, onCancel } = renderDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('cancels on Escape and on a click on the backdrop, not on a click inside', () => {
    const { onCancel } = renderDialog()
    fireEvent.click(screen.getByRole('dialog'))
    expect(onCancel).not.toHaveBeenCalled()
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(onCancel).toHaveBeenCalledTimes(1)
    const backdrop = screen.getByRole('dialog').parentElement
    if (!backdrop) throw new Error('no backdrop')
    fireEvent.click(backdrop)
    expect(onCancel).toHaveBeenCalledTimes(2)
  })
})
