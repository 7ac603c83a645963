/**
 * How many spec files run at once (E2E_WORKERS, 2 by default): each worker drives its own Chromium
 * against its own server (global-setup.ts), so while one spec waits on a page or a mail, the other
 * core serves the next. Read by the Vitest config too, so it imports nothing.
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1)
