import { z } from 'zod'
import { endpoint } from './define.ts'

/**
 * The development mailbox's pages (HTML, outside /api): registered only outside production and
 * answered only over the loopback interface, so their access is the server's, not a role's.
 */
export const devMailboxEndpoints = {
  list: endpoint({ method: 'GET', path: '/dev/mailbox', access: 'public' }),
  mail: endpoint({
    method: 'GET',
    path: '/dev/mailbox/:id',
    access: 'public',
    params: z.object({ id: z.coerce.number().int().positive() }),
  }),
}
