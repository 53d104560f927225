-- Up Migration
-- Server-side sessions: the cookie holds a random id, the table only its SHA-256.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

-- Password-reset tokens: random, stored hashed, single use, short-lived.
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_account ON password_reset_tokens (account_id);

-- Child photos, re-encoded on upload (no EXIF, no GPS), named by an unguessable id.
CREATE TABLE photos (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22}$'),
  owner_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/webp')),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photos_owner ON photos (owner_id);

CREATE TABLE children (
  id uuid PRIMARY KEY,
  parent_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
  surname text NOT NULL CHECK (length(surname) BETWEEN 1 AND 100),
  -- The day after today (UTC): a child born today in France may be ahead of the server's date.
  birth_date date NOT NULL CHECK (birth_date BETWEEN '1900-01-01' AND current_date + 1),
  photo_id text REFERENCES photos (id) ON DELETE SET NULL,
  emergency_first_name text NOT NULL,
  emergency_surname text NOT NULL,
  emergency_phone text NOT NULL CHECK (emergency_phone ~ '^\+[1-9][0-9]{1,14}$'),
  relationship text NOT NULL CHECK (relationship IN ('Mère', 'Père', 'Grand-mère', 'Grand-père', 'Tante', 'Oncle', 'Nounou', 'Voisin(e)', 'Autre')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX children_parent ON children (parent_id);

ALTER TABLE bracelets ADD CONSTRAINT bracelets_child FOREIGN KEY (child_id) REFERENCES children (id) ON DELETE SET NULL;

-- Down Migration
ALTER TABLE bracelets DROP CONSTRAINT bracelets_child;
DROP TABLE children;
DROP TABLE photos;
DROP TABLE password_reset_tokens;
DROP TABLE sessions;
