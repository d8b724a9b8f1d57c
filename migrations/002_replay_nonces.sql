-- Nonces of encrypted request bodies already accepted (replay protection, shared by all server processes).
-- A nonce is refused a second time; rows older than twice the allowed clock skew are pruned.
create table replay_nonces (
  nonce text primary key,
  seen_at timestamptz not null default now()
);
create index replay_nonces_seen_at_idx on replay_nonces (seen_at);
