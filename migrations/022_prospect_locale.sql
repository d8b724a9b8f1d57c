-- The language the applicant uses (src/content/i18n/locales.ts: 'en', 'ar'): the status e-mails and SMS are sent in
-- it. Set when the applicant creates the application and on each of their saves (the language of their latest
-- visit); null until the applicant acts (an application an agent started), read as English.
alter table prospects add column locale text;
