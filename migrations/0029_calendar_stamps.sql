CREATE TABLE "calendar_stamps" (
	"scope" text PRIMARY KEY NOT NULL,
	"stamp" bigint NOT NULL
);
--> statement-breakpoint
-- Decision 063: the counters a cached calendar window is checked against. Statement triggers with
-- transition tables on the three tables the events source reads raise, in the writing transaction,
-- the counter of every scope a written row is seen through: its owner (u:), its association (a:) and
-- the addresses invited to it (e:). Whatever writes (the app's commands, a seed, a cascade), a reader
-- that finds the same counters finds the same events. One upsert per statement, in scope order.
CREATE OR REPLACE FUNCTION calendar_stamps_raise(scopes text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO calendar_stamps AS s (scope, stamp)
  SELECT x, 1 FROM unnest(scopes) AS x WHERE x IS NOT NULL GROUP BY x ORDER BY x
  ON CONFLICT (scope) DO UPDATE SET stamp = s.stamp + 1;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION calendar_stamps_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_ids uuid[];
  direct text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM calendar_stamps_raise(ARRAY['all']);
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'calendar_attendees' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg('e:' || lower(email)) INTO direct FROM new_rows;
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT array_agg('e:' || lower(r.email)) INTO direct
        FROM (SELECT email FROM old_rows UNION SELECT email FROM new_rows) r;
    ELSE
      SELECT array_agg('e:' || lower(email)) INTO direct FROM old_rows;
    END IF;
    PERFORM calendar_stamps_raise(direct);
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'calendar_events' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(id), array_agg('u:' || owner_id) || array_agg('a:' || association_id)
        INTO event_ids, direct FROM new_rows;
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT array_agg(r.id), array_agg('u:' || r.owner_id) || array_agg('a:' || r.association_id)
        INTO event_ids, direct
        FROM (SELECT id, owner_id, association_id FROM old_rows
              UNION SELECT id, owner_id, association_id FROM new_rows) r;
    ELSE
      SELECT array_agg(id), array_agg('u:' || owner_id) || array_agg('a:' || association_id)
        INTO event_ids, direct FROM old_rows;
    END IF;
  ELSE
    -- calendar_event_exceptions: the scopes of the events they change.
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT event_id) INTO event_ids FROM new_rows;
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT array_agg(DISTINCT r.event_id) INTO event_ids
        FROM (SELECT event_id FROM old_rows UNION SELECT event_id FROM new_rows) r;
    ELSE
      SELECT array_agg(DISTINCT event_id) INTO event_ids FROM old_rows;
    END IF;
    SELECT array_agg('u:' || e.owner_id) || array_agg('a:' || e.association_id) INTO direct
      FROM calendar_events e WHERE e.id = ANY(event_ids);
  END IF;
  PERFORM calendar_stamps_raise(
    coalesce(direct, ARRAY[]::text[])
    || ARRAY(SELECT 'e:' || lower(a.email) FROM calendar_attendees a WHERE a.event_id = ANY(event_ids))
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calendar_events_stamps_insert AFTER INSERT ON calendar_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_events_stamps_update AFTER UPDATE ON calendar_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_events_stamps_delete AFTER DELETE ON calendar_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_events_stamps_truncate AFTER TRUNCATE ON calendar_events
  FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_event_exceptions_stamps_insert AFTER INSERT ON calendar_event_exceptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_event_exceptions_stamps_update AFTER UPDATE ON calendar_event_exceptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_event_exceptions_stamps_delete AFTER DELETE ON calendar_event_exceptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_event_exceptions_stamps_truncate AFTER TRUNCATE ON calendar_event_exceptions
  FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_attendees_stamps_insert AFTER INSERT ON calendar_attendees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_attendees_stamps_update AFTER UPDATE ON calendar_attendees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_attendees_stamps_delete AFTER DELETE ON calendar_attendees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
--> statement-breakpoint
CREATE TRIGGER calendar_attendees_stamps_truncate AFTER TRUNCATE ON calendar_attendees
  FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamps_bump();
