-- Who owns a prospect, and the identifiers agents search by (written from the document on every save).
alter table prospects add column owner_country_code text;
alter table prospects add column owner_mobile text;
alter table prospects add column owner_email text;
alter table prospects add column ro_code text;
alter table prospects add column applicant_name text;
alter table prospects add column company_name text;
alter table prospects add column trade_license_no text;
alter table prospects add column lead_number text;
alter table prospects add column eid_numbers text[] not null default '{}';

create index prospects_owner_idx on prospects (owner_mobile, owner_country_code);
create index prospects_owner_email_idx on prospects (lower(owner_email));
create index prospects_applicant_name_idx on prospects (applicant_name text_pattern_ops); -- stored lower-case
create index prospects_trade_license_idx on prospects (trade_license_no);
create index prospects_lead_number_idx on prospects (lead_number);
create index prospects_eid_idx on prospects using gin (eid_numbers);

-- Every change to a prospect and every agent action: who, when, what.
create table audit_log (
  id bigserial primary key,
  prospect_id text,
  actor_sub text not null,
  actor_kind text not null,
  action text not null,
  changes jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create index audit_log_prospect_idx on audit_log (prospect_id, created_at);

-- Invitations sent by agents: a one-time link carrying the agent's RO code.
create table invites (
  id text primary key,
  token_hash text not null unique,
  agent_sub text not null,
  ro_code text,
  email text not null,
  country_code text not null,
  mobile_no text not null,
  full_name text not null,
  account_type text not null,
  islamic_banking boolean not null default false,
  used_at timestamptz,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
