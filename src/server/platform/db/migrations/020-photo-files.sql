-- The venue photos' files, when PHOTO_STORAGE=database (docs/decisions/038): every server on this
-- database reads the same bytes, whichever server took the upload. One row is one file of a photo
-- (a width in a format), under the key the disk store would name it by; a name is never reused, so
-- a row is written once and only ever deleted after.
CREATE TABLE photo_files (
  key text PRIMARY KEY
    CHECK (key ~ '^[a-z0-9]+(-[a-z0-9]+)*/p-[0-9a-f]{12}-(480|960|1440)\.(avif|webp)$'),
  content_type text NOT NULL CHECK (content_type IN ('image/avif', 'image/webp')),
  size integer NOT NULL CHECK (size >= 0),
  -- SHA-256 of the bytes, in hex: the file's strong ETag.
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (octet_length(bytes) = size)
);
-- AVIF and WebP are compressed already: kept out of line as they are, without a vain attempt to
-- compress them again.
ALTER TABLE photo_files ALTER COLUMN bytes SET STORAGE EXTERNAL;
