-- Reserve funds (decision record 033): the reserve balance used to be the completed, live
-- transactions of the "reserves" category. Each association that has any gets one fund, "Reserve
-- fund", holding a copy of each of them as a movement (income -> contribution, expense -> withdrawal),
-- so its reserve balance is the same before and after. The transactions stay in the operating books
-- (the income statement of past periods does not change); they no longer move the reserve balance.
-- Each fund and movement gets its "created" history row, marked "source": "migration".
INSERT INTO "reserve_funds" ("association_id", "name", "created_by", "created_at", "updated_at")
SELECT DISTINCT ON ("association_id") "association_id", 'Reserve fund', NULL, now(), now()
FROM "finance_transactions"
WHERE "category" = 'reserves' AND "status" = 'completed' AND "voided_at" IS NULL
ORDER BY "association_id";
--> statement-breakpoint
INSERT INTO "reserve_movements" ("association_id", "fund_id", "kind", "amount_cents", "description", "date", "created_by", "created_at", "updated_at")
SELECT t."association_id", f."id", CASE WHEN t."type" = 'income' THEN 'contribution' ELSE 'withdrawal' END,
  t."amount_cents", t."description", t."date", t."created_by", t."created_at", now()
FROM "finance_transactions" t
JOIN "reserve_funds" f ON f."association_id" = t."association_id" AND f."name" = 'Reserve fund' AND f."voided_at" IS NULL
WHERE t."category" = 'reserves' AND t."status" = 'completed' AND t."voided_at" IS NULL;
--> statement-breakpoint
INSERT INTO "finance_history" ("association_id", "record_kind", "record_id", "actor_id", "action", "details")
SELECT "association_id", 'fund', "id", NULL, 'created', jsonb_build_object('after', jsonb_build_object('name', "name"), 'source', 'migration')
FROM "reserve_funds";
--> statement-breakpoint
INSERT INTO "finance_history" ("association_id", "record_kind", "record_id", "actor_id", "action", "details")
SELECT m."association_id", 'movement', m."id", NULL, 'created',
  jsonb_build_object('after', jsonb_build_object('fund', f."name", 'kind', m."kind", 'amountCents', m."amount_cents", 'description', m."description", 'date', m."date"), 'source', 'migration')
FROM "reserve_movements" m JOIN "reserve_funds" f ON f."id" = m."fund_id";
