import { useQuery } from '@tanstack/react-query'
import { receiptEndpoints } from '../../../shared/endpoints/receipts.ts'
import { ApiError } from '../../lib/api-client.ts'
import { callApi } from '../../lib/call-api.ts'

/** An order's receipts: the account's own order, or a guest's through their signed link. */
export function useReceipts(owner: { orderId: string } | { token: string }) {
  const key = 'token' in owner ? owner.token : owner.orderId
  return useQuery({
    queryKey: ['receipts', key],
    queryFn: () =>
      'token' in owner
        ? callApi(receiptEndpoints.guest, { params: { token: owner.token } })
        : callApi(receiptEndpoints.mine, { params: { id: owner.orderId } }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })
}
