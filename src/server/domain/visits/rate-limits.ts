/** Opening a guest's booking by its link: the token is signed, so this only slows a scraper. */
export const manageLinkRateLimit = { max: 60, timeWindow: 60_000 }

/** Cancelling is rare and each one may call PayPal: this only stops a script hammering it. */
export const cancelRateLimit = { max: 60, timeWindow: 10 * 60_000 }

/** Moving a visit is as rare as cancelling, and may call PayPal too: the same limit. */
export const changeDateRateLimit = cancelRateLimit
