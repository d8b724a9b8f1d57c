-- The bank's own records of an application (issue 18, docs/bank-format.md "Bank records"): values the bank's back end
-- assigns after it receives the application (CIF number, account manager, customer group, direct-sales agent, risk
-- score, service request number, its review codes, its compliance's status of each screening reason, its anti-virus
-- check of each file it fetched). Written only through PUT /api/agent/prospects/{id}/bank-records (and kept by an
-- import), never by the applicant; one row per application, replaced as a whole, audited (prospect.bankRecords).
create table bank_records (
  prospect_id text primary key references prospects (id) on delete cascade,
  records jsonb not null,
  updated_by text not null,
  updated_at timestamptz not null default now()
);

-- An agent's verification of a received document: of one upload (a new upload of the key is not verified),
-- audited (document.verify / document.unverify), exported as the bank's documents[].verified / verifiedBy.
create table document_verifications (
  document_id text primary key references documents (id) on delete cascade,
  prospect_id text not null references prospects (id) on delete cascade,
  verified_by text not null,
  verified_at timestamptz not null default now()
);
create index document_verifications_prospect_idx on document_verifications (prospect_id);
