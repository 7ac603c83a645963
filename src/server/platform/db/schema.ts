import type { ColumnType, Generated } from 'kysely'
import type { PaymentMethod } from '../../../shared/payment-methods.ts'

/** Table types for Kysely. Each migration that adds a table adds its interface here. */
type CreatedAt = ColumnType<Date, Date | undefined, never>
type UpdatedAt = ColumnType<Date, Date | undefined, Date>

export interface SchemaMigrationsTable {
  name: string
  applied_at: Generated<Date>
}

/** When each periodic job last finished, on any server (platform/jobs). */
export interface JobRunsTable {
  name: string
  last_success_at: Date
}

export interface AppSettingsTable {
  key: string
  value: string
  updated_at: UpdatedAt
}

export interface VenuesTable {
  id: string
  name_en: string
  name_ar: string
  description_en: string
  description_ar: string
  /** The area of the team's list it stands in (migration 033). */
  area_id: string
  location_en: string
  location_ar: string
  venue_type: string
  /** 1 to 5 stars; null until someone rates the venue (migration 024). */
  rating: number | null
  status: Generated<VenueStatus>
  pay_at_venue_only: Generated<boolean>
  capacity_per_slot: number
  /** Places in one hourly slot a single order may book (migration 008). */
  max_places_per_slot_per_order: Generated<number>
  /** Places one account or guest e-mail may hold here on one visit date, over all its orders. */
  max_places_per_day_per_booker: Generated<number>
  position: Generated<number>
  /** Both or neither (migration 009). */
  latitude: number | null
  longitude: number | null
  cancellation_notice_hours: Generated<number>
  /** The hours sold on each weekday, Sunday first (src/shared/slot-rules.ts). */
  weekly_hours: ColumnType<number[][], string | undefined, string>
  application_id: number | null
  /** Check-in opens this long before a slot's hour and closes this long after it (migration 011). */
  check_in_opens_minutes: Generated<number>
  check_in_closes_minutes: Generated<number>
  /** The marketplace's commission in hundredths of a percent, 1500 = 15% (migration 016). */
  commission_basis_points: Generated<number>
  /** When it was first published (migration 022); null before, and for venues published earlier. */
  published_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** Where the venue's booking notices go (migration 023); null: none are sent. */
  bookings_email: ColumnType<string | null, string | null | undefined, string | null>
  booking_notices: Generated<BookingNoticeMode>
  notice_language: Generated<'en' | 'ar'>
  /** Facility codes (src/shared/facilities.ts, migration 024). */
  facilities: ColumnType<string[], string[] | undefined, string[]>
  /** yyyy-mm-dd: visits are sold from this date and until `sells_until`, each when set. */
  sells_from: ColumnType<string | null, string | null | undefined, string | null>
  sells_until: ColumnType<string | null, string | null | undefined, string | null>
  /** The public URL's name (/gyms/<slug>); the id when left out on insert. */
  slug: ColumnType<string, string | undefined, string>
  /** Bahrain VAT (migration 028): registered, its 15-digit account number, and whether prices hold the VAT. */
  vat_registered: Generated<boolean>
  vat_number: ColumnType<string | null, string | null | undefined, string | null>
  prices_include_vat: Generated<boolean>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** The receipt of an order's paid visits at one venue, numbered per venue (migration 028). */
export interface ReceiptsTable {
  order_id: string
  venue_id: string
  receipt_number: number
  issued_at: Date
  /** The venue's VAT account number when the receipt was issued; null: not VAT-registered. */
  vat_number: string | null
}

/** How a venue hears of its bookings (migration 023): a mail each, a morning digest, or none. */
export type BookingNoticeMode = 'each' | 'digest' | 'off'

/** A venue's morning digest, queued once for its date (migration 023). */
export interface VenueDigestsSentTable {
  venue_id: string
  /** yyyy-mm-dd, Bahrain time */
  visit_date: string
  queued_at: Date
}

export type VenueStatus = 'draft' | 'coming_soon' | 'published' | 'suspended'

export interface VenueDateExceptionsTable {
  venue_id: string
  /** yyyy-mm-dd */
  exception_date: string
  closed_all_day: Generated<boolean>
  closed_hours: ColumnType<number[], number[] | undefined, number[]>
  /** Places per slot on that date, when it differs. */
  capacity: number | null
  note: Generated<string>
  created_at: CreatedAt
}

export interface AuditLogTable {
  id: Generated<number>
  actor_id: string | null
  actor_email: string
  action: string
  entity_type: string
  entity_id: string
  venue_id: string | null
  before: ColumnType<unknown, string | null, never>
  after: ColumnType<unknown, string | null, never>
  created_at: CreatedAt
}

export interface VenueImagesTable {
  venue_id: string
  position: number
  image_key: string
  alt_en: string
  alt_ar: string
}

/** A venue photo's file, when the photos are kept in the database (migration 020). */
export interface PhotoFilesTable {
  key: string
  content_type: string
  size: number
  /** SHA-256 of `bytes`, in hex. */
  sha256: string
  bytes: Buffer
  created_at: CreatedAt
}

export interface PassesTable {
  id: string
  venue_id: string
  pass_type: string
  name_en: string
  name_ar: string
  description_en: string
  description_ar: string
  weekday_price_fils: number
  weekend_price_fils: number | null
  holiday_price_fils: number | null
  position: Generated<number>
  /** Set when the pass stops being sold (migration 009). */
  archived_at: Date | null
}

/** The team's list of areas, named in both languages (migration 033, docs/decisions/053). */
export interface AreasTable {
  /** Lowercase words joined by hyphens: 'seef', 'isa-town'. */
  id: string
  name_en: string
  name_ar: string
  /** An inactive area is no longer offered to choose; what stands in it keeps it. */
  active: Generated<boolean>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface PublicHolidaysTable {
  /** yyyy-mm-dd (DATE columns are read as text). */
  holiday_date: string
  name_en: string
  name_ar: string
}

export interface SlotOccupancyTable {
  venue_id: string
  slot_date: string
  slot_hour: number
  capacity: number
  taken: Generated<number>
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>
  email: string
  language: Generated<string>
  created_at: CreatedAt
}

export interface MailOutboxTable {
  id: Generated<number>
  template: string
  to_address: string
  language: Generated<string>
  payload: ColumnType<Record<string, unknown>, string | undefined, string>
  status: Generated<'pending' | 'sending' | 'sent' | 'failed' | 'dropped'>
  attempts: Generated<number>
  next_attempt_at: Generated<Date>
  locked_until: Date | null
  last_error: string | null
  message_id: string | null
  sent_at: Date | null
  created_at: CreatedAt
}

export interface DevMailboxTable {
  id: Generated<number>
  outbox_id: number | null
  to_address: string
  subject: string
  html: string
  text_body: string
  created_at: CreatedAt
}

export interface UsersTable {
  id: string
  name: string
  email: string
  email_verified: boolean
  image: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
  is_anonymous: boolean | null
  role: Generated<'admin' | 'manager' | 'staff' | 'user'>
  /** Migration 015: set while the account is deactivated. */
  deactivated_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  last_sign_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface UserProfilesTable {
  id: string
  first_name: string
  middle_name: string | null
  last_name: string
  /** yyyy-mm-dd */
  birthday: string | null
  mobile_number: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface SessionsTable {
  id: string
  expires_at: Date
  token: string
  user_id: string
  ip_address: string | null
  user_agent: string | null
  created_at: CreatedAt
  updated_at: Date
}

/** better-auth's sign-in methods of an account; `password` holds the hash of a password sign-in. */
export interface AccountsTable {
  id: string
  account_id: string
  provider_id: string
  user_id: string
  password: string | null
  created_at: CreatedAt
  updated_at: Date
}

/** better-auth's one-time tokens (a reset link's token names the account's id in `value`). */
export interface VerificationsTable {
  id: string
  identifier: string
  value: string
  expires_at: Date
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface ContactSubmissionsTable {
  id: Generated<number>
  name: string
  email: string
  subject: string
  message: string
  attachment_name: string | null
  attachment_type: string | null
  attachment: Buffer | null
  user_id: string | null
  created_at: CreatedAt
}

export interface GuestEmailCodesTable {
  id: Generated<number>
  /** Lower-cased. */
  email: string
  code_hash: string
  attempts: Generated<number>
  expires_at: Date
  consumed_at: Date | null
  created_at: CreatedAt
}

export interface GuestUsersTable {
  id: Generated<number>
  email: string
  first_name: string
  last_name: string
  mobile_number: string
  created_at: CreatedAt
}

export type OrderStatus = 'awaiting_payment' | 'confirmed' | 'expired' | 'payment_failed'

export interface OrdersTable {
  id: string
  user_id: string | null
  guest_user_id: number | null
  contact_email: string
  language: string
  payment_method: PaymentMethod
  status: OrderStatus
  items: ColumnType<unknown, string, string>
  total_fils: number
  total_usd_cents: number
  payment_provider: string | null
  provider_order_id: string | null
  provider_capture_id: string | null
  payment_error: string | null
  hold_expires_at: Date | null
  confirmed_at: Date | null
  created_at: CreatedAt
}

export interface ConfirmedBookingsTable {
  id: Generated<number>
  order_id: string
  user_id: string | null
  venue_id: string
  venue_name: string
  venue_name_ar: string
  pass_id: string
  pass_name: string
  pass_name_ar: string
  pass_price: string
  price_fils: number
  /** yyyy-mm-dd */
  booking_date: string
  booking_time: string
  location: string
  location_ar: string
  payment_status: 'paid' | 'pay at venue'
  guest_email: string | null
  guest_first_name: string | null
  guest_last_name: string | null
  guest_mobile: string | null
  created_at: CreatedAt
  /** `DP-XXXX-XXXX`, read aloud at the desk (migration 010). */
  reference: Generated<string>
  /** With AUTH_SECRET, derives the ticket secret (src/server/domain/visits/ticket-codes.ts). */
  ticket_salt: Generated<string>
  /** Part of the guest's manage link: raising it revokes links sent before. */
  manage_version: Generated<number>
  /** How many times the visit was moved to another date or time (migration 025). */
  date_changes: Generated<number>
  /** The desk (migration 011). */
  checked_in_at: Date | null
  checked_in_by: string | null
  check_in_override: 'too_early' | 'too_late' | null
  desk_payment_method: DeskPaymentMethod | null
  desk_paid_at: Date | null
  desk_paid_by: string | null
  no_show_at: Date | null
  no_show_cleared_at: Date | null
  cancelled_at: Date | null
  /** Cancellations (migration 012): who cancelled, why (the team gives a reason), and whether it was the team. */
  cancelled_by: string | null
  cancel_reason: string | null
  cancelled_by_team: Generated<boolean>
  /** The venue's notice when booked (migration 013); null for older bookings: the venue's applies. */
  cancellation_notice_hours: ColumnType<number | null, number | null | undefined, number | null>
  /** The venue's commission when booked, in hundredths of a percent (migration 017): its statement's rate. */
  commission_basis_points: number
  /** Paid at the desk and given back there (migration 017): how, when, how much and by whom. */
  desk_refund_method: DeskPaymentMethod | null
  desk_refunded_at: Date | null
  desk_refunded_by: string | null
  desk_refund_fils: number | null
  /** The order line the visit is a unit of (migration 034); null only for visits booked before it. */
  line_id: ColumnType<number | null, number | null | undefined, number | null>
  /** Who the unit admits: one adult, one child, or one group (migration 034). */
  ticket: Generated<VisitTicket>
}

export type VisitTicket = 'adult' | 'child' | 'group'

/** One pass, sold one way, at one venue, date and hour, within one order (migration 034, ADR 054). */
export interface OrderLinesTable {
  id: Generated<number>
  order_id: string
  /** From 0: the line's place in its order. */
  position: number
  venue_id: string
  pass_id: string
  ticket_type: Generated<'person' | 'group'>
  /** yyyy-mm-dd */
  visit_date: string
  visit_hour: number
  adults: number
  children: Generated<number>
  /** Units sold: people on a person line, groups on a group line. */
  quantity: number
  places_per_unit: Generated<number>
  /** Per unit, fils, VAT as visitors see it. */
  unit_list_price_fils: number
  child_unit_list_price_fils: number | null
  /** What a promotion takes off a unit: 0 or less. */
  unit_adjustment_fils: Generated<number>
  unit_price_paid_fils: number
  child_unit_price_paid_fils: number | null
  /** Null: sold without VAT. */
  vat_rate_percent: number | null
  split_from: number | null
  created_at: CreatedAt
}

/** A card-paid visit's money going back (migration 012); 'pending' until the provider confirms it. */
export interface BookingRefundsTable {
  id: Generated<number>
  booking_id: number
  order_id: string
  amount_fils: number
  amount_usd_cents: number
  status: Generated<'pending' | 'refunded'>
  provider_refund_id: string | null
  attempts: Generated<number>
  next_attempt_at: Generated<Date>
  last_error: string | null
  created_at: CreatedAt
  refunded_at: Date | null
  /** The move of the visit this refund belongs to (its date_changes after it); null for a cancellation. */
  change_number: number | null
  /** The provider's last word on the refund, e.g. Tap's PENDING (migration 027). */
  provider_status: ColumnType<string | null, string | null | undefined, string | null>
}

/** A Tap payment that arrived after its order had ended: booked, or refunded (migration 032). */
export interface LatePaymentsTable {
  order_id: string
  charge_id: string
  amount_fils: number
  currency: string
  order_status: string
  outcome: 'booked' | 'refund_pending' | 'refunded' | 'refund_failed'
  provider_refund_id: string | null
  provider_status: string | null
  attempts: Generated<number>
  next_attempt_at: Date | null
  last_error: string | null
  created_at: Date
  resolved_at: Date | null
}

/** A receipt's PDF, made once per order, language and content (migration 032). */
export interface ReceiptPdfsTable {
  order_id: string
  content_key: string
  pdf: Uint8Array
  created_at: Date
}

export type DeskPaymentMethod = 'card' | 'benefit' | 'cash'

/** Staff act for these venues only (migration 011). */
export interface VenueStaffTable {
  user_id: string
  venue_id: string
  created_at: CreatedAt
}

/** One desk scan's nonce and the answer it got: a retry is answered the same. */
export interface CheckInAttemptsTable {
  nonce: string
  booking_id: number | null
  user_id: string | null
  result: string
  answered: ColumnType<unknown, string, string>
  created_at: CreatedAt
}

export interface IdempotencyKeysTable {
  scope: string
  key: string
  request_hash: string
  status_code: number
  response: ColumnType<unknown, string, string>
  created_at: CreatedAt
}

export type VendorVenueType = 'Gym' | 'Hotel' | 'Fitness Center' | 'Spa' | 'Resort' | 'Beach Club' | 'Pool'

export interface VendorApplicationsTable {
  id: Generated<number>
  status: Generated<'pending' | 'approved' | 'rejected'>
  /** The name in each language it was written in; one may be '' (migration 024). */
  venue_name_en: string
  venue_name_ar: Generated<string>
  venue_email: string
  contact_first_name: string
  contact_last_name: string
  /** E.164; '' on applications sent before the form asked for it. */
  contact_phone: Generated<string>
  venue_type: VendorVenueType
  /** Facility codes (src/shared/facilities.ts). */
  facilities: Generated<string[]>
  /** The old form's answers (before migration 024); null and empty on newer applications. */
  facility_item: 'Gym' | 'Group Exercise room' | 'Both' | null
  facility_options: Generated<string[]>
  other_facility_option: string | null
  /** [{option, label?, priceFils}] */
  day_passes: ColumnType<unknown, string, string>
  /** yyyy-mm-dd */
  available_start_date: string
  /** Null: no end date ("ongoing"). */
  available_end_date: string | null
  start_time: string
  end_time: string
  /** The area of the team's list the applicant chose (migration 033). */
  area_id: string
  city: string
  /** ISO 3166 code; older rows may hold the country as typed. */
  country: string
  language: string
  decided_at: Date | null
  decided_by: string | null
  decision_reason: string | null
  created_at: CreatedAt
}

/** An invitation to one venue's desk, by e-mail (migration 022, docs/decisions/041). */
export interface StaffInvitationsTable {
  id: Generated<number>
  venue_id: string
  /** Lower-cased. */
  email: string
  language: 'en' | 'ar'
  invited_by: string | null
  created_at: Date
  expires_at: Date
  accepted_at: Date | null
  accepted_by: string | null
  withdrawn_at: Date | null
}

/** A visitor's review of one checked-in visit (migration 029, docs/decisions/051). */
export interface VenueReviewsTable {
  booking_id: number
  venue_id: string
  user_id: string | null
  first_name: string | null
  pass_name_en: string
  pass_name_ar: string
  /** yyyy-mm-dd */
  visit_date: string
  stars: number
  body: string
  reviewer_email: string | null
  language: 'en' | 'ar'
  created_at: Date
  hidden_at: Date | null
  hidden_by: string | null
  hidden_reason: string | null
  /** The visit's party (migration 031): one review each; null for a party's later reviews written before. */
  party: ColumnType<string | null, string | null | undefined, string | null>
}

/** A request on a full slot's waiting list (migration 026, docs/decisions/046). */
export interface WaitlistEntriesTable {
  id: Generated<number>
  venue_id: string
  pass_id: string
  slot_date: string
  slot_hour: number
  people: number
  user_id: string | null
  /** Lower-cased. */
  email: string
  /** The account's first name; null for a guest. */
  first_name: string | null
  language: 'en' | 'ar'
  status: Generated<'waiting' | 'offered' | 'booked' | 'left' | 'expired'>
  joined_at: Date
  offered_at: Date | null
  offer_expires_at: Date | null
  ended_at: Date | null
  /** The order that booked the offer; an unpaid one that ends gives the offer back. */
  order_id: string | null
}

export interface DB {
  schema_migrations: SchemaMigrationsTable
  job_runs: JobRunsTable
  app_settings: AppSettingsTable
  venues: VenuesTable
  areas: AreasTable
  venue_images: VenueImagesTable
  photo_files: PhotoFilesTable
  passes: PassesTable
  public_holidays: PublicHolidaysTable
  slot_occupancy: SlotOccupancyTable
  newsletter_subscriptions: NewsletterSubscriptionsTable
  mail_outbox: MailOutboxTable
  dev_mailbox: DevMailboxTable
  users: UsersTable
  user_profiles: UserProfilesTable
  sessions: SessionsTable
  accounts: AccountsTable
  verifications: VerificationsTable
  contact_submissions: ContactSubmissionsTable
  guest_email_codes: GuestEmailCodesTable
  guest_users: GuestUsersTable
  orders: OrdersTable
  order_lines: OrderLinesTable
  receipts: ReceiptsTable
  confirmed_bookings: ConfirmedBookingsTable
  idempotency_keys: IdempotencyKeysTable
  vendor_applications: VendorApplicationsTable
  venue_date_exceptions: VenueDateExceptionsTable
  audit_log: AuditLogTable
  venue_staff: VenueStaffTable
  check_in_attempts: CheckInAttemptsTable
  booking_refunds: BookingRefundsTable
  late_payments: LatePaymentsTable
  receipt_pdfs: ReceiptPdfsTable
  staff_invitations: StaffInvitationsTable
  venue_digests_sent: VenueDigestsSentTable
  waitlist_entries: WaitlistEntriesTable
  venue_reviews: VenueReviewsTable
}
