-- Messages sent through the contact form (docs/contact-form.md). The attachment's
-- bytes live here; its name is kept only to label it, never to build a path.
CREATE TABLE contact_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  attachment_name text,
  attachment_type text CHECK (attachment_type IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf')),
  attachment bytea,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
