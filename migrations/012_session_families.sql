-- A session is a refresh-token family: one row per sign-in, shared by every refresh and access token of it.
-- Access tokens carry the family id; every authenticated call reads this row by its primary key, so a logout
-- or a detected refresh-token reuse ends all of the session's access tokens at once, on every server process.
-- expires_at is the absolute end of the session (SESSION_MAX_AGE after sign-in), whatever the renewals.
create table session_families (
  id text primary key,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index session_families_expires_idx on session_families (expires_at);
