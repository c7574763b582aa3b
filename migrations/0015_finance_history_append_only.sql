-- The financial history is append-only: any UPDATE, DELETE or TRUNCATE on finance_history fails.
CREATE OR REPLACE FUNCTION finance_history_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'finance_history is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_history_no_update_delete BEFORE UPDATE OR DELETE ON finance_history
  FOR EACH ROW EXECUTE FUNCTION finance_history_reject_change();
--> statement-breakpoint
CREATE TRIGGER finance_history_no_truncate BEFORE TRUNCATE ON finance_history
  FOR EACH STATEMENT EXECUTE FUNCTION finance_history_reject_change();
