/**
 * Every error the product can show, once: a stable code and its English text. The server answers
 * with the code (and this text as `message`, for API clients); a form field's error is a code too;
 * the web app shows `errors:<code>` from its catalogs (src/web/locales/{en,ar}/errors.json), which a
 * unit test keeps complete for both languages. These English texts are the product's own, word for word
 * (docs/product.md).
 * `{{name}}` is filled from the error's `params`. A text that counts something ("wait 3 minutes") is
 * its plural here, with its other forms in `countedErrors` below.
 */
export const errorTexts = {
  // The request itself.
  VALIDATION_FAILED: 'The request is not valid.',
  INVALID_VALUE: 'This value is not valid.',
  BAD_REQUEST: 'The request could not be completed.',
  BAD_HOST: 'The request’s Host header is not valid.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request’s length does not match its body.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This endpoint accepts JSON only.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_BAD_URL: 'The address is not correctly encoded.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  NOT_ROUTABLE: 'The request could not be routed.',
  NOT_FOUND: 'No route {{method}} {{path}}',
  INVALID_TEXT: 'The request contains characters that are not allowed.',
  NESTED_TOO_DEEPLY: 'The request body is nested too deeply.',
  CROSS_ORIGIN:
    'This request came from another address than {{origin}} and was refused. Please open the site at {{origin}}.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Please wait {{minutes}} minutes and try again.',
  INTERNAL: 'Internal server error. We are unable to process your request right now, please try again later.',
  UNAVAILABLE: 'The service is briefly unavailable. Please try again.',
  /** The browser's own: no answer in the API's shape (offline, a proxy's error page). */
  HTTP_ERROR: 'Unable to fetch data. The request could not be resolved.',

  // Accounts (better-auth's codes that reach a visitor keep their names).
  SIGN_IN_REQUIRED: 'Please sign in to continue.',
  FORBIDDEN: 'Your account does not have permission to do this.',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  EMAIL_NOT_VERIFIED: 'Please activate your account with the link we e-mailed you.',
  INVALID_TOKEN: 'This link is not valid or has expired. Please ask for a new one.',
  AUTH_ERROR: 'The request could not be completed.',
  REGISTRATION_FAILED: 'Registration failed. Please try again.',
  FIRST_NAME_REQUIRED: 'First name is required',
  FIRST_NAME_TOO_LONG: 'First name is too long',
  MIDDLE_NAME_TOO_LONG: 'Middle name is too long',
  LAST_NAME_REQUIRED: 'Last name is required',
  LAST_NAME_TOO_LONG: 'Last name is too long',
  DATE_INVALID: 'Please enter a valid date (dd/mm/yyyy)',
  TOO_YOUNG: 'You must be at least 16 years old to register',
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email address',
  EMAILS_MISMATCH: 'Email addresses do not match',
  MOBILE_INVALID: 'Please enter a valid mobile number, such as 3612 3456 or +973 3612 3456.',
  // Why a phone number is refused, when it can be said (src/shared/normalise/phone.ts, phoneProblem).
  PHONE_TOO_SHORT: 'This number is too short: numbers in Bahrain have 8 digits, such as 3612 3456.',
  PHONE_TOO_LONG:
    'This number is too long: numbers in Bahrain have 8 digits, such as 3612 3456. For a number from another country, start with + and its country code.',
  PHONE_NOT_BAHRAINI:
    'No number in Bahrain starts like this: check the digits. For a number from another country, start with + and its country code.',
  PHONE_NEEDS_COUNTRY_CODE:
    'This looks like a number from another country: write it with + and its country code, such as +966 50 123 4567.',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters',
  PASSWORD_TOO_COMMON: 'This password is too common. Please choose a less predictable one.',
  PASSWORDS_MISMATCH: 'Passwords do not match',
  PASSWORD_INCORRECT: 'That password is not correct.',

  // Guest checkout and e-mail codes (docs/booking.md, "Guest checkout").
  EMAILS_REQUIRED: 'Both email fields are required',
  NAMES_REQUIRED: 'First name and last name are required',
  NAMES_TOO_SHORT: 'First and last names must be at least 2 characters',
  NAMES_TOO_LONG: 'Names can be at most 80 characters',
  MOBILE_REQUIRED: 'Mobile number is required',
  GUEST_MOBILE_INVALID: 'Please enter a valid mobile number, such as 3612 3456 or +973 3612 3456.',
  VERIFY_EMAIL_FIRST: 'Please verify your email address with a code before proceeding',
  INVALID_CODE: 'Invalid code. Please try again.',
  CODE_EXPIRED: 'This code has expired. Please request a new one.',
  TOO_MANY_TRIES: 'Too many incorrect attempts. Please request a new code.',
  RESEND_TOO_SOON: 'Please wait {{seconds}} seconds before requesting a new code.',
  TOO_MANY_CODES: 'Too many verification codes requested. Please wait {{minutes}} minutes and try again.',
  TOO_MANY_GUESSES: 'Too many verification attempts. Please wait {{minutes}} minutes and try again.',
  GUEST_DETAILS_REQUIRED: 'Please enter your details, or sign in, to book.',

  // Checkout: the order, its lines and its payment.
  CART_EMPTY: 'Your cart is empty.',
  TOO_MANY_ITEMS: 'A booking can hold at most 20 visits.',
  PASS_ID_INVALID: 'Pass ids are lowercase words joined by hyphens.',
  DATE_FORMAT: 'Use a date in the form yyyy-mm-dd.',
  TIME_FORMAT: 'Use a time on the hour, such as 09:00.',
  PAYMENT_METHOD_REQUIRED: 'Choose how you will pay.',
  DATE_REQUIRED: 'Choose a date.',
  SEARCH_TOO_LONG: 'Search text is too long.',
  FILTER_AREA_UNKNOWN: 'Choose an area from the list.',
  FILTER_FACILITIES_TOO_MANY: 'Choose at most 10 facilities.',
  FILTER_PASS_INVALID: 'Choose a pass type from the list.',
  FILTER_PRICE_INVALID: 'Enter a price in BD, such as 15 or 7.500.',
  FILTER_PRICE_RANGE: 'The lowest price cannot be above the highest.',
  FILTER_HOUR_INVALID: 'Choose an hour from 0 to 23.',
  FILTER_BOOKABLE_INVALID: 'Use bookable=1 to show bookable venues only.',
  FILTER_SORT_INVALID: 'Sort by price, rating, name or distance.',
  FILTER_PAGE_INVALID: 'Choose a page number from 1 to 999.',
  FILTER_DATE_PAST: 'Choose today or a later date.',
  GYM_NOT_FOUND: 'We could not find that venue. It may have been removed.',
  COMING_SOON: 'This venue is coming soon and cannot be booked yet.',
  PASS_NOT_FOUND: 'This venue does not offer that pass.',
  INVALID_DATE: 'That date does not exist.',
  DATE_OUT_OF_RANGE: 'Choose a date between the years 2000 and 2100.',
  DATE_TOO_FAR: 'Bookings open up to a year ahead. Please choose an earlier date.',
  INVALID_TIME: 'Choose one of the times listed for the venue.',
  SLOT_CLOSED: 'The venue is closed at this time. Please choose another time.',
  SLOT_PAST: 'This time has already passed. Please choose a later time.',
  SLOT_FULL: 'This time slot is full. Please choose another time.',
  /** The order past a venue's caps (migration 008); the line's own reason is the *_LIMIT code. */
  SLOT_CAP_EXCEEDED:
    'Your booking has more places in one time slot than the venue allows in a single booking. Remove some from your cart.',
  DAY_CAP_EXCEEDED:
    'You have reached the number of places one person can book at this venue on that day. Remove some from your cart or choose another day.',
  SLOT_CAP_LIMIT: 'One booking can hold at most {{limit}} places in the same time slot at this venue.',
  DAY_CAP_LIMIT: 'You can book at most {{limit}} places a day at this venue.',
  /** More people on a line than its slot has places left (0 left is SLOT_FULL). */
  PLACES_LEFT: 'Only {{left}} places are left at this time. Choose fewer people or another time.',
  QUANTITY_INVALID: 'Choose a number of people from 1 to 50.',
  ITEMS_UNAVAILABLE: 'Some items in your cart can no longer be booked. Please update your cart.',
  PAY_AT_VENUE_ONLY: 'Your booking includes a venue that only accepts payment at the venue.',
  CARD_PAYMENTS_OFF: 'Card payment is not available on this site. Please choose Pay at Venue.',
  TAP_PAYMENTS_OFF:
    'BENEFIT and card payment in BD are not available on this site. Please choose another way to pay.',
  /** Tap's webhook without a valid hashstring: nothing is read from it. */
  WEBHOOK_SIGNATURE_INVALID: 'The notification is not signed with this site’s key.',
  PAYMENT_REFERENCE_INVALID: 'That is not a payment reference.',
  TEST_CHARGE_NOT_FOUND:
    'This test payment does not exist, or the server was restarted since it was started.',
  IDEMPOTENCY_KEY_REQUIRED: 'An Idempotency-Key header is required to place an order.',
  IDEMPOTENCY_KEY_INVALID:
    'The Idempotency-Key must be 8 to 200 letters, digits, hyphens, underscores or colons.',
  IDEMPOTENCY_KEY_REUSED:
    'This booking was already placed, with other details, under the same Idempotency-Key. Check your e-mail or My Bookings before booking it again.',
  IDEMPOTENCY_KEY_IN_USE: 'This order is already being placed. Please wait a moment.',
  ORDER_NOT_FOUND: 'We could not find that booking.',
  ORDER_NOT_PAYABLE: 'This booking can no longer be paid. Please go back to your cart and check out again.',
  PAYMENT_DECLINED: 'Your payment was declined. Please try another card, or choose Pay at Venue.',
  PAYMENT_NOT_FOUND: 'This payment does not belong to this booking.',
  /** The result address Tap sent the visitor back to outlived the payment (docs/payments.md). */
  PAYMENT_LINK_EXPIRED:
    'This payment page has expired. If you paid, your booking confirmation is in your e-mail and under My Bookings.',
  PAYMENT_UNAVAILABLE: 'An error occurred while processing your payment. Please try again.',
  PAYMENT_MISMATCH: 'An error occurred while processing your payment. Please try again.',
  BOOKING_FAILED: 'An error occurred while processing your booking. Please try again.',
  WIDGET_FAILED: 'There was an error processing your payment. Please try again.',
  VENUE_FAILED: 'An error occurred while confirming your booking. Please try again.',
  SDK_FAILED: 'Failed to load the PayPal JS SDK script.',

  // A venue's hours, places and date exceptions, as the team edits them (docs/operating.md).
  HOURS_INVALID: 'Hours are whole hours from 00:00 to 23:00.',
  HOURS_REPEATED: 'Each hour can be listed once.',
  WEEK_INVALID: 'Give the hours of each of the seven days.',
  CAPACITY_RANGE: 'Places per time slot must be a whole number from 1 to 500.',
  EXCEPTION_CAPACITY_RANGE: 'Places per time slot must be a whole number from 0 to 500.',
  EXCEPTION_DATE_PAST: 'The date cannot be in the past.',
  EXCEPTION_DATE_TOO_FAR: 'Choose a date within a year from today.',
  EXCEPTION_NO_CHANGE: 'Close the day, close some hours, or set the number of places.',
  NOTE_TOO_LONG: 'The note can be at most 200 characters.',
  EXCEPTION_NOT_FOUND: 'There is no change to the opening hours on that date.',
  SCHEDULE_AFFECTS_BOOKINGS:
    'The new hours or places leave out times that bookings hold: {{count}} affected. Confirm to save anyway; the bookings stay and are listed for the desk.',
  CLOSURE_AFFECTS_BOOKINGS:
    'This closes times that bookings hold: {{count}} affected. Confirm to close anyway; the bookings stay and are listed for the desk.',

  // Contact and newsletter.
  NAME_REQUIRED: 'Name is required',
  NAME_TOO_LONG: 'Name is too long',
  SUBJECT_REQUIRED: 'Subject is required',
  SUBJECT_TOO_LONG: 'Subject is too long',
  MESSAGE_REQUIRED: 'Message is required',
  MESSAGE_TOO_LONG: 'Message is too long',
  ATTACHMENT_TYPE: 'Please upload only images (JPEG, PNG, GIF, WebP) or PDF files.',
  ATTACHMENT_TOO_LARGE: 'File size must be less than 5MB.',
  ATTACHMENT_UNREADABLE: 'The attachment could not be read.',
  FILE_NAME_INVALID: 'The file name is not valid.',
  ALREADY_SUBSCRIBED: 'This email is already subscribed',
  SUBSCRIBE_FAILED: 'Failed to subscribe. Please try again later.',

  // The vendor form.
  VENUE_NAME_REQUIRED: 'Venue name is required',
  VENUE_EMAIL_REQUIRED: 'Venue email is required',
  CONTACT_FIRST_NAME_REQUIRED: 'Contact first name is required',
  CONTACT_LAST_NAME_REQUIRED: 'Contact last name is required',
  VENUE_TYPE_REQUIRED: 'Please choose the venue type',
  FACILITY_REQUIRED: 'Please choose the facility',
  FACILITY_REPEATED: 'Each facility can be chosen once',
  OTHER_FACILITY_REQUIRED: 'Please describe the other facility',
  PRICE_REQUIRED: 'Please enter a price for this pass',
  PRICE_INVALID: 'Please enter a price in BD, such as 12.500',
  PRICE_ZERO: 'The price must be more than BD 0.000',
  OTHER_PASS_NAME_REQUIRED: 'Please name the other pass',
  START_DATE_REQUIRED: 'Start date is required',
  END_DATE_REQUIRED: 'End date is required',
  START_DATE_PAST: 'The start date cannot be in the past',
  END_BEFORE_START: 'The end date cannot be before the start date',
  START_TIME_REQUIRED: 'Start time is required',
  END_TIME_REQUIRED: 'End time is required',
  END_TIME_NOT_AFTER_START: 'The end time must be after the start time',
  AREA_REQUIRED: 'Area is required',
  AREA_UNKNOWN: 'Choose an area from the list.',
  AREA_NOT_FOUND: 'There is no such area.',
  AREA_NAME_EN_REQUIRED: 'Enter the area’s name in English.',
  AREA_NAME_AR_REQUIRED: 'Enter the area’s name in Arabic.',
  AREA_NAME_AR_NOT_ARABIC: 'Write the Arabic name in Arabic letters.',
  AREA_NAME_TAKEN: 'Another area already has this name, in English or Arabic.',
  AREA_IN_USE: 'Venues or applications are in this area: deactivate it instead.',
  CITY_REQUIRED: 'City is required',
  COUNTRY_REQUIRED: 'Country is required',
  NOT_SOLD_ON_DATE: 'This venue does not sell visits on that date. Please choose another date.',
  FACILITY_INVALID: 'Choose facilities from the list.',
  CONTACT_PHONE_REQUIRED: 'Contact phone is required',
  CONTACT_PHONE_INVALID: 'Please enter a valid phone number, such as 3612 3456 or +973 3612 3456.',
  COUNTRY_INVALID: 'Please choose the country from the list',
  OTHER_PASS_TYPE_REQUIRED: 'Please choose who the other pass is for',
  SLUG_INVALID: 'Use lowercase English letters, digits and hyphens, such as seef-tower-fitness.',
  SLUG_TAKEN: 'Another venue already uses this web address.',
  SLUG_LOCKED: 'The web address cannot change once the venue has been published.',
  SELLS_UNTIL_BEFORE_FROM: 'The last day of sale cannot be before the first.',
  TOO_LONG: 'This is too long',
  APPLICATION_NOT_FOUND: 'There is no application with this number.',
  BOOKING_NOT_FOUND:
    'We could not find this booking. The link may be out of date: use the one in your latest e-mail.',
  APPLICATION_ALREADY_DECIDED: 'This application has already been decided. Reload it to see the decision.',
  DECLINE_REASON_REQUIRED: 'Please give the reason for declining.',
  DECLINE_REASON_TOO_SHORT: 'The reason must be at least 3 characters.',
  DECLINE_REASON_TOO_LONG: 'The reason must be at most 1000 characters.',
  MAIL_NOT_FOUND: 'There is no mail with that number.',

  // The team's venue editor (src/shared/venue-admin.ts).
  VENUE_CHANGED_ELSEWHERE:
    'Someone else changed this venue while you were editing. Reload it to see their changes, then make yours again.',
  VENUE_NOT_READY: 'This venue cannot be shown to visitors yet. Complete what is listed and try again.',
  MISSING_ACTIVE_PASS: 'Add at least one pass that is on sale.',
  MISSING_COVER_PHOTO: 'Add a cover photo.',
  MISSING_ARABIC_TEXT:
    'Fill in the Arabic name, description and location (and the Arabic names of the passes).',
  MISSING_ENGLISH_TEXT:
    'Fill in the English name, description and location (and the English names of the passes).',
  LAST_ACTIVE_PASS:
    'This is the last pass on sale at a published venue. Suspend the venue or move it back to draft before archiving it.',
  PRICE_TOO_HIGH: 'The price can be at most BD 1000.000',
  PASS_TYPE_REQUIRED: 'Please choose the pass type',
  PASS_ORDER_INVALID: 'The order must list each of the venue’s passes once.',
  RATING_RANGE: 'Choose a rating from 1 to 5.',
  NOTICE_HOURS_RANGE: 'Enter a whole number of hours from 0 to 720.',
  VAT_NUMBER_REQUIRED: 'Enter the venue’s VAT account number, or untick “VAT-registered”.',
  VAT_NUMBER_INVALID: 'A Bahraini VAT account number is 15 digits starting with 2, such as 200000898300002.',
  RECEIPT_NOT_AVAILABLE: 'There is no receipt for this booking yet: it has not been paid.',
  BOOKINGS_EMAIL_INVALID:
    'Enter a valid e-mail address for booking notices, such as bookings@venue.bh, or leave it empty.',
  COORDINATES_INVALID:
    'Enter a latitude between -90 and 90 and a longitude between -180 and 180, e.g. 26.2235.',
  COORDINATES_BOTH: 'Enter both the latitude and the longitude, or neither.',

  // The equipment scanner.
  IMAGE_TOO_LARGE: 'Image size must be less than 10MB.',
  NOT_AN_IMAGE: 'Please choose an image (JPEG, PNG, GIF or WebP).',
  IMAGE_UNREADABLE: 'The image could not be read. Please choose another photo.',
  ANALYSIS_FAILED: 'Failed to analyze image. Please try again.',
  SCAN_NOT_CONFIGURED: 'Automatic equipment recognition is unavailable.',
  WEIGHT_RANGE: 'Enter a weight between 30 and 250 kg.',
  MINUTES_RANGE: 'Enter a whole number of minutes between 1 and 300.',

  // Venue photos the team manages.
  PHOTO_TOO_LARGE: 'The photo must be smaller than 15 MB.',
  PHOTO_NOT_AN_IMAGE: 'Please choose a photo in JPEG, PNG or WebP format.',
  PHOTO_TOO_MANY_PIXELS: 'This photo has too many pixels. Please choose one of at most 50 megapixels.',
  PHOTO_UNREADABLE: 'The photo could not be read. Please choose another one.',
  PHOTO_NOT_FOUND: 'This venue has no such photo. It may have been removed.',
  PHOTO_ORDER_INVALID: 'The venue’s photos have changed meanwhile. Please reload and try again.',
  ALT_TEXT_TOO_LONG: 'The description can be at most 200 characters.',

  // The bookings desk and staff assignments (src/shared/desk.ts).
  TICKET_TEXT_REQUIRED: 'Scan a ticket or type its reference.',
  NONCE_INVALID: 'Each scan needs its own identifier (a UUID).',
  NONCE_REUSED: 'This scan was already sent by another account. Scan again.',
  VENUE_NOT_ASSIGNED: 'You are not assigned to this venue. Ask an administrator to add you to it.',
  DESK_PAYMENT_UNDO_CHECKED_IN:
    'This visit is checked in: its payment at the desk can no longer be undone. A manager can cancel it and record a refund at the desk.',
  DESK_PAYMENT_NOT_COLLECTED:
    'There is no payment at the desk to undo: nothing was collected, or it was undone already.',
  DESK_PAYMENT_UNDO_NO_SHOW:
    'This visit is marked as a no-show: its payment at the desk can no longer be undone. A manager can cancel it and record a refund at the desk.',
  DESK_PAYMENT_UNDO_RECEIPTED:
    'A receipt has been issued for this payment, so it can no longer be undone. A manager can cancel the visit and record a refund at the desk.',
  DESK_PAYMENT_UNDO_TOO_LATE:
    'This payment was collected more than 15 minutes ago: only a manager can undo it now.',
  DESK_PAYMENT_NOT_DUE:
    'This booking has nothing to pay at the venue: it is paid, already settled at the desk, or cancelled.',
  NO_SHOW_NOT_ALLOWED:
    'This booking cannot be marked as a no-show: it is checked in, cancelled, or its visit has not come yet.',
  NO_SHOW_CORRECTION_CLOSED: 'A no-show can be corrected until the end of the day after the visit.',
  STAFF_NOT_FOUND: 'There is no staff account with this id.',
  // Staff invited by e-mail, and the applicant's status page (docs/decisions/041).
  INVITATION_NOT_FOUND:
    'This invitation cannot be used: it has expired, was already used or was withdrawn. Ask the person who invited you to send it again.',
  INVITATION_ALREADY_ACCEPTED: 'This invitation has been accepted: the account already works at the venue.',
  INVITATION_SIGN_IN_TO_ACCEPT:
    'An account with this address already exists. Sign in to it, then open this link again to accept.',
  INVITATION_OTHER_ACCOUNT:
    'This invitation is for another address. Sign out, then sign in with the address it was sent to.',
  INVITATION_INVITER_INACTIVE:
    'This invitation no longer counts: the person who sent it can no longer invite staff to this venue. Ask the venue to invite you again.',
  ALREADY_AT_VENUE: 'This account already works at this venue.',
  STATUS_LINK_NOT_FOUND:
    'This status link is not valid or has expired. Write to us and quote your application’s reference.',
  // The team's users and settings.
  ACCOUNT_DISABLED: 'This account has been disabled. Please contact the DayPass team.',
  ACCOUNT_NOT_FOUND: 'There is no account with this id.',
  LAST_ADMIN: 'This is the last active admin: make another admin first.',
  LAST_ADMIN_DELETE: 'You are the last active admin: make another admin before deleting your account.',
  ADMIN_ONLY_GRANT: 'Only an admin can give the admin role.',
  ROLE_INVALID: 'Choose one of the roles.',
  HOLIDAY_NOT_FOUND: 'There is no public holiday on this date.',
  HOLIDAY_EXISTS: 'There is already a public holiday on this date.',
  HOLIDAY_NAME_REQUIRED: 'Enter the holiday’s name in English and Arabic.',
  YEAR_INVALID: 'Choose a year between 2000 and 2100.',
  SUPPORT_PHONE_INVALID: 'Enter a valid phone number, such as 1700 0000 or +973 1700 0000.',
  ANNOUNCEMENT_TOO_LONG: 'Keep the announcement under 280 characters.',
  ANNOUNCEMENT_BOTH_LANGUAGES: 'Write the announcement in both English and Arabic, or leave both empty.',
  // Reports and venue statements.
  COMMISSION_RANGE: 'Enter a commission from 0 to 100 percent, with at most two decimals.',
  REPORT_RANGE_INVALID: 'Choose a start date on or before the end date, at most 366 days apart.',
  STATEMENT_MONTH_INVALID: 'Choose a month in the form yyyy-mm.',

  // Cancellations (docs/payments.md, "Cancelling and refunds").
  CANCEL_TOO_LATE: 'The free cancellation period for this visit has ended: it is non-refundable.',
  VISIT_STARTED: 'This visit has already started and can no longer be cancelled.',
  VISIT_CHECKED_IN: 'This visit is checked in and can no longer be cancelled.',
  VISIT_NO_SHOW: 'This visit was marked as a no-show and can no longer be cancelled.',
  // Cancelling what the desk has acted on (a manager's override) and giving desk payments back.
  TEAM_CANCEL_CHECKED_IN:
    'This visitor is checked in: only a manager can cancel the visit, as an override with its reason.',
  TEAM_CANCEL_NO_SHOW:
    'This visit is marked as a no-show: only a manager can cancel it, as an override with its reason.',
  TEAM_CANCEL_DESK_PAID:
    'This visit was paid at the desk: only a manager can cancel it, as an override with its reason, and then record the refund at the desk.',
  OVERRIDE_REASON_REQUIRED:
    'Give the reason for overriding the desk (3 to 500 characters): it is kept in the audit log.',
  CANCEL_REFUND_CHOICE_REQUIRED: 'Choose whether this visit’s card payment goes back in full or not at all.',
  DESK_REFUND_NOT_DUE:
    'There is nothing to give back at the desk: the visit was not paid at the desk, or it is not cancelled.',
  CANCEL_REASON_REQUIRED: 'Give the reason for cancelling (3 to 500 characters): the visitor reads it.',

  // Moving a visit to another date or time (docs/booking.md, "Changing a booking").
  CHANGE_TOO_LATE:
    'The free cancellation period for this visit has ended: its date and time can no longer be changed.',
  CHANGE_VISIT_DONE:
    'This visit is checked in or marked as a no-show: its date and time can no longer be changed.',
  CHANGE_VISIT_CANCELLED: 'This visit is cancelled: its date and time can no longer be changed.',
  CHANGE_PRICE_HIGHER:
    'The new date costs more than you paid by card, and a card payment cannot be topped up. Cancel and book again.',
  CHANGE_LIMIT_REACHED:
    'The date and time of this visit have already been changed as often as allowed ({{limit}}). To change them again, cancel and book again.',

  // The waiting list of a full slot (docs/booking.md, "Waiting list").
  WAITLIST_SLOT_HAS_PLACES: 'This time still has places for your party: book it instead.',
  WAITLIST_NOT_FOUND: 'We could not find this waiting list request.',
  WAITLIST_OFFER_INVALID: 'This waiting list offer is not valid for your booking.',
  WAITLIST_OFFER_EXPIRED:
    'The places held for you have passed to the next person waiting. You can join the waiting list again.',
  WAITLIST_OFFER_USED: 'These places were already booked with this waiting list offer.',
  WAITLIST_OFFER_MISMATCH:
    'To use the waiting list offer, your cart needs its venue, pass, date and time, for no more people than were offered.',

  // Verified reviews (docs/catalog.md, "Reviews").
  REVIEW_NOT_FOUND: 'We could not find this review link. Use the link in your latest e-mail.',
  REVIEW_LINK_EXPIRED: 'This review link has expired: reviews can be written within 60 days of the visit.',
  REVIEW_NOT_CHECKED_IN: 'Only a visit checked in at the venue can be reviewed.',
  REVIEW_NOT_VERIFIED:
    'This visit cannot be reviewed: its check-in was not confirmed by a payment made through DayPass.',
  REVIEW_ALREADY_WRITTEN:
    'This visit has already been reviewed. Each booking reviews its visit once, however many people came.',
  REVIEW_NOT_YOURS: 'This visit belongs to another account. Sign in with the account that booked it.',
  REVIEW_STARS_INVALID: 'Choose from 1 to 5 stars.',
  REVIEW_TEXT_TOO_LONG: 'A review can be at most 1000 characters long.',
  REVIEW_HIDE_REASON_REQUIRED:
    'Give the reason for hiding this review (3 to 500 characters): the reviewer reads it.',
  REVIEW_ALREADY_HIDDEN: 'This review is already hidden.',
} as const satisfies Record<string, string>

export type ErrorCode = keyof typeof errorTexts
export type ErrorParams = Record<string, string | number>

/**
 * The texts that count something, by the param that holds the number. Their catalogs carry
 * i18next's plural forms: English `CODE_one` beside `CODE` (the plural), Arabic `CODE_zero`, `_one`,
 * `_two`, `_few`, `_many` and `_other` beside it. The web app hands the number to i18next as its
 * `count` (src/web/lib/error-text.ts), so "1 minute" and «٣ دقائق» read right.
 */
export const countedErrors = {
  TOO_MANY_ATTEMPTS: 'minutes',
  RESEND_TOO_SOON: 'seconds',
  TOO_MANY_CODES: 'minutes',
  TOO_MANY_GUESSES: 'minutes',
  SLOT_CAP_LIMIT: 'limit',
  DAY_CAP_LIMIT: 'limit',
  PLACES_LEFT: 'left',
} as const satisfies Partial<Record<ErrorCode, string>>
export type CountedError = keyof typeof countedErrors

/** English's singular of each counted text, for the API's `message` (the catalog's `CODE_one`). */
export const errorTextsOne = {
  TOO_MANY_ATTEMPTS: 'Too many attempts. Please wait {{minutes}} minute and try again.',
  RESEND_TOO_SOON: 'Please wait {{seconds}} second before requesting a new code.',
  TOO_MANY_CODES: 'Too many verification codes requested. Please wait {{minutes}} minute and try again.',
  TOO_MANY_GUESSES: 'Too many verification attempts. Please wait {{minutes}} minute and try again.',
  SLOT_CAP_LIMIT: 'One booking can hold at most {{limit}} place in the same time slot at this venue.',
  DAY_CAP_LIMIT: 'You can book at most {{limit}} place a day at this venue.',
  PLACES_LEFT: 'Only {{left}} place is left at this time. Choose fewer people or another time.',
} as const satisfies Record<CountedError, string>

/** The number a counted error's text counts, when its params carry one. */
export function countOf(code: string, params: ErrorParams = {}): number | undefined {
  const param = Object.hasOwn(countedErrors, code) ? countedErrors[code as CountedError] : undefined
  const value = param === undefined ? undefined : Number(params[param])
  return value !== undefined && Number.isFinite(value) ? value : undefined
}

/**
 * The codes as values (`E.EMAIL_REQUIRED === 'EMAIL_REQUIRED'`): what the shared schemas give zod as
 * their messages, so a misspelt code is a type error. A proxy rather than a copy of the list, so
 * the browser's bundles, which read only codes, leave the English texts out.
 */
export const E = new Proxy({}, { get: (_, code) => code }) as { readonly [C in ErrorCode]: C }

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorTexts, value)
}

/** A code's English text with its params filled in: the `message` the API sends beside the code. */
export function englishText(code: ErrorCode, params: ErrorParams = {}): string {
  const count = countOf(code, params)
  const text =
    count !== undefined && new Intl.PluralRules('en').select(count) === 'one'
      ? errorTextsOne[code as CountedError]
      : errorTexts[code]
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
}
