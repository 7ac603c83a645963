import { createBrowserRouter, type RouteObject } from 'react-router'
import { AppLayout } from './app/layout.tsx'
import { RouteErrorScreen } from './app/route-error.tsx'
import { RequireAuth, RequirePermission } from './features/accounts/route-guards.tsx'

/** Route modules load on first visit, so each page's code and text stay out of the first download. */
const pages: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./features/home/pages/home-page.tsx').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: 'gyms',
    lazy: () => import('./features/catalog/pages/gyms-page.tsx').then((m) => ({ Component: m.GymsPage })),
  },
  {
    path: 'gyms/:id',
    lazy: () => import('./features/catalog/pages/gym-page.tsx').then((m) => ({ Component: m.GymPage })),
  },
  {
    path: 'scan',
    lazy: () => import('./features/scan/pages/scan-page.tsx').then((m) => ({ Component: m.ScanPage })),
  },
  // Open to anyone: venue owners have no account when they apply (docs/decisions/002).
  {
    path: 'vendors',
    lazy: () =>
      import('./features/vendors/pages/vendors-page.tsx').then((m) => ({ Component: m.VendorsPage })),
  },
  {
    path: 'register',
    lazy: () =>
      import('./features/accounts/pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'login',
    lazy: () => import('./features/accounts/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'forgot-password',
    lazy: () =>
      import('./features/accounts/pages/forgot-password-page.tsx').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: 'reset-password',
    lazy: () =>
      import('./features/accounts/pages/reset-password-page.tsx').then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  {
    path: 'about',
    lazy: () =>
      import('./features/static-pages/pages/about-page.tsx').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: 'terms',
    lazy: () =>
      import('./features/static-pages/pages/terms-page.tsx').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: 'faq',
    lazy: () => import('./features/static-pages/pages/faq-page.tsx').then((m) => ({ Component: m.FaqPage })),
  },
  {
    path: 'contact',
    lazy: () =>
      import('./features/contact/pages/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
  },
  {
    path: 'cart',
    lazy: () => import('./features/cart/pages/cart-page.tsx').then((m) => ({ Component: m.CartPage })),
  },
  {
    path: 'checkout',
    lazy: () =>
      import('./features/checkout/pages/checkout-page.tsx').then((m) => ({ Component: m.CheckoutPage })),
  },
  {
    path: 'review-booking',
    lazy: () =>
      import('./features/checkout/pages/review-booking-page.tsx').then((m) => ({
        Component: m.ReviewBookingPage,
      })),
  },
  {
    path: 'unauthorized',
    lazy: () => import('./app/unauthorized-page.tsx').then((m) => ({ Component: m.UnauthorizedPage })),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        path: 'bookings',
        lazy: () =>
          import('./features/bookings/pages/my-bookings-page.tsx').then((m) => ({
            Component: m.MyBookingsPage,
          })),
      },
    ],
  },
  {
    element: <RequirePermission permission="canManageVenues" />,
    children: [
      {
        path: 'admin/vendor-applications',
        lazy: () =>
          import('./features/vendors/pages/vendor-applications-page.tsx').then((m) => ({
            Component: m.VendorApplicationsPage,
          })),
      },
    ],
  },
  { path: '*', lazy: () => import('./app/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })) },
]

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen standalone />,
    // The inner error boundary keeps the header and footer when a single page fails.
    children: [{ errorElement: <RouteErrorScreen />, children: pages }],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
