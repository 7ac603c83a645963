/**
 * The shape of a token that signs one row's id (`<id>.<43 characters>`): an application's status
 * link and a staff invitation (src/server/platform/identity/signed-id.ts). The pages that take one
 * match it in the route manifest; the API reads it the same way.
 */
export const signedTokenPattern = '[1-9][0-9]{0,15}\\.[A-Za-z0-9_-]{43}'
