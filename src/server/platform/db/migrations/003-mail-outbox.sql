-- Transactional outbox: a mail is written in the same transaction as the change that causes it,
-- and a worker in the server sends it, with retries and backoff.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  template text NOT NULL,
  to_address text NOT NULL,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ar')),
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- While a worker holds a mail, no other worker takes it; a crashed worker's claim runs out.
  locked_until timestamptz,
  last_error text,
  message_id text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status IN ('pending', 'sending');

-- What the development transport "sent": read at /dev/mailbox when no SMTP server is configured.
CREATE TABLE dev_mailbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  outbox_id bigint REFERENCES mail_outbox (id) ON DELETE SET NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
