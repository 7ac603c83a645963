import { inject } from 'vitest'

/** This worker's server and mailbox: Vitest numbers its workers 1 to maxWorkers (VITEST_POOL_ID). */
export function ownServer(): { baseURL: string; mailDir: string } {
  const servers = inject('servers')
  const worker = Number(process.env.VITEST_POOL_ID ?? 1)
  return servers[(worker - 1) % servers.length] as { baseURL: string; mailDir: string }
}
