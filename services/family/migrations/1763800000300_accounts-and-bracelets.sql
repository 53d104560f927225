-- Up Migration
-- People who sign in: parents (public signup) and staff (created by a command, never by signup).
CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('parent', 'staff')),
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text CHECK (phone ~ '^\+[1-9][0-9]{1,14}$'),
  address text,
  city text,
  postal_code text,
  country text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- E-mail addresses are unique whatever their case.
CREATE UNIQUE INDEX accounts_email ON accounts (lower(email));

-- Family's view of every minted bracelet: who owns it and which child wears it.
CREATE TABLE bracelets (
  id text PRIMARY KEY,
  owner_id uuid REFERENCES accounts (id),
  child_id uuid,
  configured boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bracelets_owner ON bracelets (owner_id) WHERE owner_id IS NOT NULL;

-- Down Migration
DROP TABLE bracelets;
DROP TABLE accounts;
