-- The schema studio lists its own audit entries (publish, rollback, check), newest first.
create index audit_log_action_idx on audit_log (action, id desc);
