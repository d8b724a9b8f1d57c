-- Uploaded documents' bytes in the database (DOCUMENT_STORE=database, the default with DATABASE_URL), so every
-- server process reads what any other stored. A document is a run of chunks (seq 0, 1, ...) of at most 256 KB,
-- written and read one at a time, so neither side holds a whole file in one value.
create table document_chunks (
  storage_key text not null,
  seq integer not null,
  data bytea not null,
  primary key (storage_key, seq)
);
