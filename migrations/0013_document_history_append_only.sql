-- The document library's history is append-only: any UPDATE, DELETE or TRUNCATE on document_history fails.
CREATE OR REPLACE FUNCTION document_history_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'document_history is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER document_history_no_update_delete BEFORE UPDATE OR DELETE ON document_history
  FOR EACH ROW EXECUTE FUNCTION document_history_reject_change();
--> statement-breakpoint
CREATE TRIGGER document_history_no_truncate BEFORE TRUNCATE ON document_history
  FOR EACH STATEMENT EXECUTE FUNCTION document_history_reject_change();
