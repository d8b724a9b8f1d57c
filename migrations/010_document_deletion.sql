-- Deleting an 'other' document hides it (deleted_at, deleted_by) instead of removing the row: the upload still
-- counts towards the maximum number of uploads, and the audit trail keeps what was sent.
alter table documents add column deleted_at timestamptz;
alter table documents add column deleted_by text;
