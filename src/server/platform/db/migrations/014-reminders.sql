-- Reminders (docs/decisions/025): a reminder mail is queued in the outbox with the booking, to be
-- sent about a day before the visit. A mail that is no longer wanted when its time comes (its
-- booking was cancelled, or the visit has begun) is 'dropped': kept for the record, never sent.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'dropped'));

-- One reminder per booking, whoever queues it: a booking confirmed twice would still remind once.
CREATE UNIQUE INDEX mail_outbox_one_reminder_per_booking ON mail_outbox ((payload ->> 'bookingId'))
  WHERE template = 'booking-reminder';
