import { route } from './define.ts'

/**
 * The public catalog's routes without their schemas: the route manifest, which the app shell loads,
 * builds its page requests from them and must not pull in zod (their schemas: ./catalog.ts).
 */
export const catalogRoutes = {
  gymList: route({ method: 'GET', path: '/api/gyms', access: 'public' }),
  gymDetail: route({ method: 'GET', path: '/api/gyms/:id', access: 'public' }),
  gymAvailability: route({ method: 'GET', path: '/api/gyms/:id/availability', access: 'public' }),
}
