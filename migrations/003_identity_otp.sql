-- Identity: staff accounts, refresh tokens, one-time codes, rate-limit counters and the message outbox.
-- Nothing of this lives in process memory, so several server processes share it.

-- Agents (relationship officers) and product staff. password_hash is `scrypt$N$r$p$salt$hash` (base64).
create table users (
  id text primary key,
  username text not null unique,
  password_hash text not null,
  display_name text not null,
  ro_code text,
  roles jsonb not null default '[]',
  created_at timestamptz not null default now()
);

-- Refresh tokens, stored as sha256 of the token. Each refresh rotates within a family; presenting a used
-- token again revokes the whole family (token theft detection).
create table refresh_tokens (
  id text primary key,
  family_id text not null,
  principal jsonb not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);
create index refresh_tokens_expires_idx on refresh_tokens (expires_at);

-- One-time codes: an HMAC of the code (never the code), bound to the device that asked for it.
-- verified_at is the proof the post-login token call consumes (consumed_at) once.
create table otp_codes (
  id text primary key,
  device_id text not null,
  country_code text not null,
  mobile_no text not null,
  email text not null,
  prospect_id text,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  superseded_at timestamptz,
  verified_at timestamptz,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index otp_codes_lookup_idx on otp_codes (device_id, country_code, mobile_no, email, created_at desc);
create index otp_codes_verified_idx on otp_codes (device_id, verified_at desc);

-- Fixed-window counters (a sliding estimate is computed from the current and the previous window).
create table rate_limits (
  key text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (key, window_start)
);
create index rate_limits_window_idx on rate_limits (window_start);

-- Messages sent by the application (SMS and e-mail). In development this is where codes and invites are read.
create table outbox (
  id text primary key,
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  subject text not null default '',
  body text not null,
  created_at timestamptz not null default now()
);
create index outbox_recipient_idx on outbox (recipient, created_at desc);
