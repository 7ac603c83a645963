import { z } from 'zod'
import { myOrderSchema } from '../checkout.ts'
import { endpoint } from './define.ts'
import { myOrderRoute } from './orders-routes.ts'

/**
 * `/api/orders/:id`: one order of the signed-in account, the confirmation's own page. Another
 * account's order, or a guest's, is a 404, as if it did not exist, which its handler decides.
 */
export const orderEndpoints = {
  mine: endpoint({
    ...myOrderRoute,
    params: z.object({ id: z.uuid('That is not a booking reference.') }),
    response: { 200: myOrderSchema },
  }),
}
