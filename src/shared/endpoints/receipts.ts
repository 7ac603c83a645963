import { z } from 'zod'
import { orderReceiptsSchema } from '../receipts.ts'
import { endpoint } from './define.ts'
import {
  guestReceiptPdfRoute,
  guestReceiptsRoute,
  myReceiptPdfRoute,
  myReceiptsRoute,
} from './receipts-routes.ts'

const orderParams = z.object({ id: z.uuid('That is not a booking reference.') })
const tokenParams = z.object({ token: z.string().max(120) })

/**
 * The receipts of a paid order (docs/receipts.md): one per venue, as JSON for the page and as a PDF
 * in the visitor's language. Another account's order, a guest's, or a link that does not open the
 * order is a 404, as if it did not exist; an order with nothing paid yet is a 404 too.
 */
export const receiptEndpoints = {
  mine: endpoint({ ...myReceiptsRoute, params: orderParams, response: { 200: orderReceiptsSchema } }),
  minePdf: endpoint({ ...myReceiptPdfRoute, params: orderParams }),
  guest: endpoint({ ...guestReceiptsRoute, params: tokenParams, response: { 200: orderReceiptsSchema } }),
  guestPdf: endpoint({ ...guestReceiptPdfRoute, params: tokenParams }),
}
