import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SelectField } from './SelectField.tsx'

describe('SelectField', () => {
  it('is a list named by its label, shows the value, and hands back the chosen option', () => {
    const onChange = vi.fn()
    render(
      <SelectField
        label="Symbol"
        options={['', 'NEX', 'USDT']}
        value="NEX"
        onChange={onChange}
        render={(option) => option || 'All'}
        testId="symbol"
      />,
    )
    const list = screen.getByRole('combobox', { name: 'Symbol' })
    expect(list).toBe(screen.getByTestId('symbol'))
    expect((list as HTMLSelectElement).value).toBe('NEX')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'NEX', 'USDT'])
    fireEvent.change(list, { target: { value: '' } })
    expect(onChange).toHaveBeenCalledWith('')
  })

  it('hands back numbers as numbers, and shows a hint under the list', () => {
    const onChange = vi.fn()
    render(
      <SelectField<number> label="Level" options={[1, 2, 3]} value={1} onChange={onChange} className="admin-lookup">
        <span>hint</span>
      </SelectField>,
    )
    fireEvent.change(screen.getByRole('combobox', { name: /Level/ }), { target: { value: '3' } })
    expect(onChange).toHaveBeenCalledWith(3)
    expect(screen.getByText('hint').closest('label')?.className).toBe('admin-lookup')
  })
})
