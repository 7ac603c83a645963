import { stuckRefundsSchema } from '../cancellations.ts'
import { endpoint } from './define.ts'

/** The team's list of card refunds pending for more than a day (canViewReports). */
export const refundEndpoints = {
  stuck: endpoint({
    method: 'GET',
    path: '/api/team/refunds/stuck',
    access: 'canViewReports',
    response: { 200: stuckRefundsSchema },
  }),
}
