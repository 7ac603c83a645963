import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { receiptEndpoints } from '../../shared/endpoints/receipts.ts'
import type { Language } from '../../shared/i18n.ts'
import type { Receipt } from '../../shared/receipts.ts'
import { loadOrder } from '../domain/checkout/order-repository.ts'
import { receiptsFor } from '../domain/receipts/receipts.ts'
import { storedReceiptPdf } from '../domain/receipts/stored-pdf.ts'
import { openGuestLink, sameGuestOrder } from '../domain/visits/access.ts'
import type { VisitRoutesDeps } from '../domain/visits/deps.ts'
import { manageLinkRateLimit } from '../domain/visits/rate-limits.ts'
import { loadBookingsOf } from '../domain/visits/repository.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError } from '../platform/http/errors.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'
import { signedInAccount } from '../platform/identity/guards.ts'

/**
 * Receipt PDFs per client address in 10 minutes: a kept PDF is cheap, but
 * each one made costs up to a second of CPU; a person downloads theirs a few times.
 */
export const receiptPdfRateLimit = { max: 20, timeWindow: 10 * 60_000 }

type ReceiptRouteDeps = VisitRoutesDeps & {
  /** Counts the PDFs actually made (receipt_pdfs_made_total). */
  pdfsMade?: { inc(): void }
}

/**
 * An order's receipts (docs/receipts.md): `/api/orders/:id/receipt[.pdf]` for the account that
 * booked it, `/api/manage/:token/receipt[.pdf]` for a guest through their signed link (a view link
 * reads it too). Each sees the visits they booked, nothing else; another account's order, a link
 * that does not open it, or an order with nothing paid yet is a 404.
 */
export const receiptRoutes: FastifyPluginAsyncZod<ReceiptRouteDeps> = async (app, deps) => {
  const { db, secret, now, pdfsMade } = deps
  const limit = limitBy(app, { ...manageLinkRateLimit, name: 'manage-link', by: byClient })
  // Per client address, signed in or not: each PDF is kept once made, so what a caller can cost is
  // a few makings, and the address is what a flood comes from.
  const pdfsPerClient = limitBy(app, { ...receiptPdfRateLimit, name: 'pdf-ip', by: byClient })
  const pdfDeps = { db, now, made: () => pdfsMade?.inc() }

  async function sendPdf(
    reply: FastifyReply,
    orderId: string,
    receipts: readonly Receipt[],
    language: Language,
  ) {
    const first = receipts[0]
    const name = first ? `receipt-${first.number}.pdf` : 'receipt.pdf'
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(await storedReceiptPdf(pdfDeps, orderId, receipts, language))
  }

  async function accountReceipts(orderId: string, userId: string): Promise<Receipt[]> {
    const order = await loadOrder(db, orderId)
    if (!order || order.user_id !== userId) throw new HttpError(404, 'ORDER_NOT_FOUND')
    const visits = (await loadBookingsOf(db, order.id)).filter((visit) => visit.user_id === userId)
    return paidOnly(await receiptsFor(db, order, visits, now()))
  }

  async function guestReceipts(token: string): Promise<{ orderId: string; receipts: Receipt[] }> {
    const named = await openGuestLink(db, secret, token, 'read', now())
    const order = await loadOrder(db, named.order_id)
    if (!order) throw new HttpError(404, 'BOOKING_NOT_FOUND')
    const visits = (await loadBookingsOf(db, order.id)).filter((visit) => sameGuestOrder(named, visit))
    return { orderId: order.id, receipts: paidOnly(await receiptsFor(db, order, visits, now())) }
  }

  app.route({
    ...fromEndpoint(receiptEndpoints.mine, {
      schema: { tags: ['bookings'], summary: 'The receipts of one of the signed-in account’s paid orders' },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { id: userId } = await signedInAccount(request)
      return { receipts: await accountReceipts(request.params.id, userId) }
    },
  })

  app.route({
    ...fromEndpoint(receiptEndpoints.minePdf, {
      onRequest: pdfsPerClient,
      schema: {
        tags: ['bookings'],
        summary:
          'The receipts of one of the signed-in account’s paid orders, as a PDF in the visitor’s language',
      },
    }),
    handler: async (request, reply) => {
      const { id: userId } = await signedInAccount(request)
      const receipts = await accountReceipts(request.params.id, userId)
      return sendPdf(reply, request.params.id, receipts, request.language)
    },
  })

  app.route({
    ...fromEndpoint(receiptEndpoints.guest, {
      onRequest: limit,
      schema: { tags: ['bookings'], summary: 'A guest’s receipts, through the signed link in their mail' },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return { receipts: (await guestReceipts(request.params.token)).receipts }
    },
  })

  app.route({
    ...fromEndpoint(receiptEndpoints.guestPdf, {
      onRequest: [limit, pdfsPerClient],
      schema: {
        tags: ['bookings'],
        summary:
          'A guest’s receipts as a PDF in the visitor’s language, through the signed link in their mail',
      },
    }),
    handler: async (request, reply) => {
      const { orderId, receipts } = await guestReceipts(request.params.token)
      return sendPdf(reply, orderId, receipts, request.language)
    },
  })
}

/** Nothing paid yet: no receipt, said as such. */
function paidOnly(receipts: Receipt[]): Receipt[] {
  if (receipts.length === 0) throw new HttpError(404, 'RECEIPT_NOT_AVAILABLE')
  return receipts
}
