-- Up Migration
-- What a finder may see of each child; everything is shown until the parent hides it.
ALTER TABLE children
  ADD COLUMN show_surname boolean NOT NULL DEFAULT true,
  ADD COLUMN show_photo boolean NOT NULL DEFAULT true,
  ADD COLUMN show_age boolean NOT NULL DEFAULT true;

-- Down Migration
ALTER TABLE children DROP COLUMN show_surname, DROP COLUMN show_photo, DROP COLUMN show_age;
