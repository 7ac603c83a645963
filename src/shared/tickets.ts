/** Where the ticket's QR code is drawn, for a signed-in booker or a guest's link. */
export function ticketQrPath(owner: { bookingId: number } | { token: string }): string {
  return 'token' in owner
    ? `/api/manage/${encodeURIComponent(owner.token)}/qr.svg`
    : `/api/bookings/${owner.bookingId}/qr.svg`
}

/** Where the booking's calendar file ("Add to calendar") is served, for a signed-in booker or a guest's link. */
export function calendarFilePath(owner: { bookingId: number } | { token: string }): string {
  return 'token' in owner
    ? `/api/manage/${encodeURIComponent(owner.token)}/calendar.ics`
    : `/api/bookings/${owner.bookingId}/calendar.ics`
}
