import { screen } from '@testing-library/react'
import i18next from 'i18next'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderRoutes } from '../../../testing/render.tsx'
import { VenueRating } from './venue-rating.tsx'

beforeEach(async () => {
  await i18next.changeLanguage('en')
  await i18next.loadNamespaces('catalog')
})

describe('the rating a card shows', () => {
  it("shows the venue's own rating, labelled as its own, under 3 reviews", async () => {
    renderRoutes([
      { path: '/', element: <VenueRating venue={{ rating: 4, reviews: { average: 2, count: 2 } }} /> },
    ])
    expect(await screen.findByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy()
    expect(screen.getByText("Venue's rating")).toBeTruthy()
  })

  it('shows the visitors’ average and count from 3 reviews on', async () => {
    renderRoutes([
      { path: '/', element: <VenueRating venue={{ rating: 5, reviews: { average: 3.7, count: 3 } }} /> },
    ])
    expect(await screen.findByRole('img', { name: 'Rated 3.7 out of 5 by 3 visitors' })).toBeTruthy()
    expect(screen.getByText('3 reviews')).toBeTruthy()
    expect(screen.queryByText("Venue's rating")).toBeNull()
  })

  it('shows nothing for a venue with neither', async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <p>
            Golden Beach Club <VenueRating venue={{ rating: null, reviews: { average: 5, count: 1 } }} />
          </p>
        ),
      },
    ])
    await screen.findByText(/Golden Beach Club/)
    expect(screen.queryByRole('img')).toBeNull()
  })
})
