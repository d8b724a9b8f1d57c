-- Three indexes of prospects that no query reads (issue 20): every save rewrites the row (updated_at is indexed, so
-- no save is a HOT update) and so inserts an entry into every index of the table; these three cost each save that
-- work for nothing. Trade licences and lead numbers are looked up case-insensitively, by upper(...) and its own
-- indexes (migrations/013: prospects_trade_license_upper_idx, prospects_lead_number_upper_idx); names are searched
-- by their words (prospects_name_words_idx, prospects_company_words_idx), never by a prefix of applicant_name.
drop index if exists prospects_applicant_name_idx;
drop index if exists prospects_trade_license_idx;
drop index if exists prospects_lead_number_idx;
