import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RichText } from './rich-text.tsx'

describe('RichText', () => {
  it('renders **bold** phrases as <strong>', () => {
    const { container } = render(<RichText text="An **infinity pool** and a **sea-view gym**." />)
    expect([...container.querySelectorAll('strong')].map((node) => node.textContent)).toEqual([
      'infinity pool',
      'sea-view gym',
    ])
    expect(container.textContent).toBe('An infinity pool and a sea-view gym.')
  })

  it('never turns the text into markup', () => {
    const { container } = render(<RichText text={'<img src=x onerror="alert(1)"> **<b>bold</b>**'} />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">')
  })
})
