import type { ComponentType } from 'react'

/**
 * The team's half of the browser's page table (src/web/app/page-modules.ts): where the code of each
 * page the route manifest gives a permission is (src/shared/route-manifest.ts, `isTeamPage`). This
 * module is its own chunk, loaded only when a team page is shown, so a visitor's first download
 * holds neither the team's pages nor the names and dependencies of their chunks. These patterns are
 * the ones page-modules.ts leaves out; route-manifest.test.tsx checks that each page is in exactly
 * the half its access says.
 */
export const teamPageModuleLoaders = import.meta.glob<Record<string, ComponentType>>([
  '../features/team/pages/*-page.tsx',
  '../features/desk/pages/*-page.tsx',
  '../features/reports/pages/*-page.tsx',
  '../features/venue-admin/pages/*-page.tsx',
  '../features/vendors/pages/vendor-application-page.tsx',
  '../features/vendors/pages/vendor-applications-page.tsx',
  '../features/bookings/pages/stuck-refunds-page.tsx',
  '../features/reviews/pages/team-reviews-page.tsx',
])
