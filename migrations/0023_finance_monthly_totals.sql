CREATE TABLE "finance_monthly_totals" (
	"association_id" uuid NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"transaction_count" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "finance_monthly_totals_association_id_month_category_type_status_pk" PRIMARY KEY("association_id","month","category","type","status")
);
--> statement-breakpoint
-- Issue 27, part 3 (decision record 051): finance_monthly_totals follows finance_transactions in the
-- same transaction as every write, whatever the command (the app's commands, an import, a bulk insert,
-- a cascade). Statement triggers with transition tables: one upsert per statement, of the rows grouped
-- by key (an import of a thousand rows is one statement here), in key order (no deadlock between two
-- writers); a change that moves no total (a description, a receipt) writes nothing. Voided rows count
-- nowhere. A delta for an association being deleted is skipped (its rows go with it, below).
CREATE OR REPLACE FUNCTION finance_monthly_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO finance_monthly_totals AS s
      (association_id, month, category, type, status, transaction_count, amount_cents)
    SELECT n.association_id, date_trunc('month', n.date)::date, n.category, n.type, n.status,
           count(*), sum(n.amount_cents)
      FROM new_rows n
     WHERE n.voided_at IS NULL
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (association_id, month, category, type, status) DO UPDATE
      SET transaction_count = s.transaction_count + excluded.transaction_count,
          amount_cents = s.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO finance_monthly_totals AS s
      (association_id, month, category, type, status, transaction_count, amount_cents)
    SELECT d.association_id, d.month, d.category, d.type, d.status, sum(d.n), sum(d.cents)
      FROM (
        SELECT o.association_id, date_trunc('month', o.date)::date AS month, o.category, o.type, o.status,
               -1 AS n, -o.amount_cents AS cents
          FROM old_rows o WHERE o.voided_at IS NULL
        UNION ALL
        SELECT n.association_id, date_trunc('month', n.date)::date, n.category, n.type, n.status,
               1, n.amount_cents
          FROM new_rows n WHERE n.voided_at IS NULL
      ) d
     WHERE EXISTS (SELECT 1 FROM associations a WHERE a.id = d.association_id)
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.n) <> 0 OR sum(d.cents) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (association_id, month, category, type, status) DO UPDATE
      SET transaction_count = s.transaction_count + excluded.transaction_count,
          amount_cents = s.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO finance_monthly_totals AS s
      (association_id, month, category, type, status, transaction_count, amount_cents)
    SELECT o.association_id, date_trunc('month', o.date)::date, o.category, o.type, o.status,
           -count(*), -sum(o.amount_cents)
      FROM old_rows o
     WHERE o.voided_at IS NULL AND EXISTS (SELECT 1 FROM associations a WHERE a.id = o.association_id)
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (association_id, month, category, type, status) DO UPDATE
      SET transaction_count = s.transaction_count + excluded.transaction_count,
          amount_cents = s.amount_cents + excluded.amount_cents;
  ELSE
    -- TRUNCATE
    DELETE FROM finance_monthly_totals;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_monthly_totals_insert AFTER INSERT ON finance_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_monthly_totals_apply();
--> statement-breakpoint
CREATE TRIGGER finance_monthly_totals_update AFTER UPDATE ON finance_transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION finance_monthly_totals_apply();
--> statement-breakpoint
CREATE TRIGGER finance_monthly_totals_delete AFTER DELETE ON finance_transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_monthly_totals_apply();
--> statement-breakpoint
CREATE TRIGGER finance_monthly_totals_truncate AFTER TRUNCATE ON finance_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION finance_monthly_totals_apply();
--> statement-breakpoint
-- An association's totals go with it (the table has no foreign key: see the function above).
CREATE OR REPLACE FUNCTION finance_monthly_totals_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM finance_monthly_totals s USING old_rows o WHERE s.association_id = o.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_monthly_totals_forget AFTER DELETE ON associations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_monthly_totals_forget();
--> statement-breakpoint
-- The backfill: the totals of the books as they are.
INSERT INTO finance_monthly_totals (association_id, month, category, type, status, transaction_count, amount_cents)
SELECT association_id, date_trunc('month', date)::date, category, type, status, count(*), sum(amount_cents)
  FROM finance_transactions
 WHERE voided_at IS NULL
 GROUP BY 1, 2, 3, 4, 5;
