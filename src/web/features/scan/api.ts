import { useQuery } from '@tanstack/react-query'
import { scanEndpoints } from '../../../shared/endpoints/scan.ts'
import type { ScanResult } from '../../../shared/scan.ts'
import { callApi } from '../../lib/call-api.ts'

/** Whether the server has a vision model; without one the page offers the manual picker. */
export function useScanConfig() {
  return useQuery({
    queryKey: ['scan', 'config'],
    queryFn: () => callApi(scanEndpoints.config),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** Sends the image (base64, no data: prefix) to be recognised; failures are ApiErrors with a code. */
export function analyzeImage(imageBase64: string): Promise<ScanResult> {
  return callApi(scanEndpoints.scan, { body: { imageBase64 } })
}

/** The file as a data: URL, which serves both as the preview and (after the comma) as the upload. */
export function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}
