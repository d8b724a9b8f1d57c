-- Uploaded documents: one row per upload (a re-upload of a documentKey adds a row; the newest one counts).
-- The bytes live in the document store under storage_key; sha256 is the hash of the content.
create table documents (
  id text primary key,
  prospect_id text not null references prospects (id) on delete cascade,
  document_key text not null,
  document_type text not null,
  document_title text,
  group_name text not null,
  signatory_id text,
  file_name text not null,
  content_type text not null,
  size integer not null,
  sha256 text not null,
  storage_key text not null unique,
  upload_status text not null default 'Uploaded',
  uploaded_by text,
  created_at timestamptz not null default now()
);
create index documents_prospect_idx on documents (prospect_id, document_key, created_at desc);

-- Every screening run of a prospect ({statusOverAll, screeningResults}); the newest row is the current result.
create table screening_results (
  id bigserial primary key,
  prospect_id text not null references prospects (id) on delete cascade,
  result jsonb not null,
  created_at timestamptz not null default now()
);
create index screening_results_prospect_idx on screening_results (prospect_id, id desc);

-- Names and trade licence numbers the bank does not open accounts for (Blacklist Check). Maintained by
-- operations with plain SQL; the *_key columns are what the check compares (case and spacing ignored).
create table blacklist (
  id bigserial primary key,
  name text,
  license_number text,
  reason text,
  name_key text generated always as (lower(regexp_replace(btrim(name), '\s+', ' ', 'g'))) stored,
  license_key text generated always as (upper(regexp_replace(license_number, '[\s-]+', '', 'g'))) stored,
  created_at timestamptz not null default now(),
  check (name is not null or license_number is not null)
);
create index blacklist_name_idx on blacklist (name_key);
create index blacklist_license_idx on blacklist (license_key);
