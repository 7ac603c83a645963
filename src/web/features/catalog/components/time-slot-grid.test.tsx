import { fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import '../../../testing/render.tsx'
import { TimeSlotGrid } from './time-slot-grid.tsx'

const slot = (time: string, status: 'open' | 'full' | 'past', remaining = 10) => ({
  time,
  capacity: 10,
  remaining,
  status,
})

describe('the time grid', () => {
  it('disables full and past slots and says why, and offers the open ones', async () => {
    const onChange = vi.fn()
    render(
      <Suspense>
        <TimeSlotGrid
          slots={[
            slot('08:00', 'past'),
            slot('09:00', 'full', 0),
            slot('10:00', 'open', 2),
            slot('11:00', 'open'),
          ]}
          value={undefined}
          onChange={onChange}
        />
      </Suspense>,
    )
    await screen.findByRole('group')
    const radio = (time: string) => screen.getByRole('radio', { name: new RegExp(time) }) as HTMLInputElement
    expect(radio('08:00').disabled).toBe(true)
    expect(radio('09:00').disabled).toBe(true)
    expect(radio('10:00').disabled).toBe(false)
    expect(screen.getByText('Full')).toBeTruthy()
    expect(screen.getByText('Passed')).toBeTruthy()
    expect(screen.getByText('2 places left')).toBeTruthy()

    fireEvent.click(radio('09:00'))
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.click(radio('11:00'))
    expect(onChange).toHaveBeenCalledWith('11:00')
  })
})
