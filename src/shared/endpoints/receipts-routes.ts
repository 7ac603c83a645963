import type { Route } from './define.ts'

/*
 * An order's receipts without their schemas (./receipts.ts adds them): the receipt page reads the
 * JSON and links to the PDF (docs/receipts.md). The account's under its order, a guest's under
 * their signed link.
 */
export const myReceiptsRoute = {
  method: 'GET',
  path: '/api/orders/:id/receipt',
  access: 'signedIn',
} as const satisfies Route
export const myReceiptPdfRoute = {
  method: 'GET',
  path: '/api/orders/:id/receipt.pdf',
  access: 'signedIn',
} as const satisfies Route
export const guestReceiptsRoute = {
  method: 'GET',
  path: '/api/manage/:token/receipt',
  access: 'public',
} as const satisfies Route
export const guestReceiptPdfRoute = {
  method: 'GET',
  path: '/api/manage/:token/receipt.pdf',
  access: 'public',
} as const satisfies Route
