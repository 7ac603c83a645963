import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  type Report,
  type ReportQuery,
  reportSchema,
  type Statement,
  type StatementQuery,
  statementSchema,
} from '../../../shared/reports.ts'
import { apiFetch } from '../../lib/api-client.ts'

const search = (query: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])))

/** The report's JSON and the CSV of the same rows share one query string. */
export const reportCsvUrl = (query: ReportQuery) => `/api/admin/reports/csv?${search(query)}`
export const statementCsvUrl = (query: StatementQuery) => `/api/admin/statements/csv?${search(query)}`

export function useReport(query: ReportQuery | undefined) {
  return useQuery({
    queryKey: ['reports', 'report', query],
    queryFn: () =>
      apiFetch<Report>(`/api/admin/reports?${search(query ?? {})}`, { parse: reportSchema.parse }),
    enabled: Boolean(query),
    placeholderData: keepPreviousData,
  })
}

export function useStatement(query: StatementQuery | undefined) {
  return useQuery({
    queryKey: ['reports', 'statement', query],
    queryFn: () =>
      apiFetch<Statement>(`/api/admin/statements?${search(query ?? {})}`, { parse: statementSchema.parse }),
    enabled: Boolean(query?.venue),
    placeholderData: keepPreviousData,
  })
}
