/**
 * Thrown while rendering a mail that is no longer wanted when its time comes, such as the reminder
 * of a booking cancelled since it was queued: the worker drops it instead of sending or retrying.
 */
export class MailNoLongerDue extends Error {}
