import { screen } from '@testing-library/react'
import i18next from 'i18next'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderRoutes } from '../../../testing/render.tsx'
import { StarRating } from './star-rating.tsx'

beforeEach(async () => {
  await i18next.loadNamespaces('catalog')
})

describe('a venue’s stars', () => {
  it('shows the rating once there is one', async () => {
    renderRoutes([{ path: '/', element: <StarRating rating={4} /> }])
    expect(await screen.findByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy()
  })

  it('shows nothing for a venue nobody has rated: never a made-up default', async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <p>
            Golden Beach Club <StarRating rating={null} />
          </p>
        ),
      },
    ])
    await screen.findByText(/Golden Beach Club/)
    expect(screen.queryByRole('img')).toBeNull()
  })
})
