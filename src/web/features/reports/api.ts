import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiPath } from '../../../shared/endpoints/define.ts'
import { reportEndpoints as endpoints } from '../../../shared/endpoints/reports.ts'
import type { ReportQuery, StatementQuery } from '../../../shared/reports.ts'
import { callApi } from '../../lib/call-api.ts'

/** The report's JSON and the CSV of the same rows share one query string. */
export const reportCsvUrl = (query: ReportQuery) => apiPath(endpoints.reportCsv, {}, query)
export const statementCsvUrl = (query: StatementQuery) => apiPath(endpoints.statementCsv, {}, query)

export function useReport(query: ReportQuery | undefined) {
  return useQuery({
    queryKey: ['reports', 'report', query],
    queryFn: () => callApi(endpoints.report, { query }),
    enabled: Boolean(query),
    placeholderData: keepPreviousData,
  })
}

export function useStatement(query: StatementQuery | undefined) {
  return useQuery({
    queryKey: ['reports', 'statement', query],
    queryFn: () => callApi(endpoints.statement, { query }),
    enabled: Boolean(query?.venue),
    placeholderData: keepPreviousData,
  })
}
