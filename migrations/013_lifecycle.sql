-- Account numbers (UAE IBANs) opened for applications: one per currency, never given twice (issue 13).
create table account_numbers (
  iban text primary key,
  prospect_id text not null,
  currency text not null,
  created_at timestamptz not null default now(),
  unique (prospect_id, currency)
);
