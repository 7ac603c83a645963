import { scanConfigSchema, scanRequestSchema, scanResultSchema } from '../scan.ts'
import { endpoint } from './define.ts'

/** The equipment scanner (docs/scanner.md). */
export const scanEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/api/scan/config',
    access: 'public',
    response: { 200: scanConfigSchema },
  }),
  scan: endpoint({
    method: 'POST',
    path: '/api/scan',
    access: 'public',
    body: scanRequestSchema,
    response: { 200: scanResultSchema },
  }),
}
