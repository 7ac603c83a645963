/**
 * react-i18next imports `use-sync-external-store/shim`, a copy of this hook for React 16 and 17.
 * React 18 and later have it built in; vite.config.ts points the shim here so that the copy stays
 * out of the first download.
 */
export { useSyncExternalStore } from 'react'
