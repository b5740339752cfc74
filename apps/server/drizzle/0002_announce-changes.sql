-- Announces every change to user-visible rows on the NOTIFY channel "app_changes", so every
-- server instance (and rows written by any other tool) reaches the connected browsers.
-- Payload: {"topic": <trigger argument>, "userIds": null (everyone) or [ids of the users the
-- row is for]}; the row's audience is its "user_id" column, and a row without one is for everyone.
-- No row data is sent: browsers refetch through the API, which applies the visibility rules.
CREATE OR REPLACE FUNCTION announce_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  audience text[] := ARRAY[]::text[];
  everyone boolean := false;
  row_user text;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    row_user := to_jsonb(NEW) ->> 'user_id';
    IF row_user IS NULL THEN
      everyone := true;
    ELSE
      audience := array_append(audience, row_user);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    row_user := to_jsonb(OLD) ->> 'user_id';
    IF row_user IS NULL THEN
      everyone := true;
    ELSIF NOT (row_user = ANY (audience)) THEN
      audience := array_append(audience, row_user);
    END IF;
  END IF;
  PERFORM pg_notify(
    'app_changes',
    json_build_object(
      'topic', TG_ARGV[0],
      'userIds', CASE WHEN everyone THEN NULL ELSE to_json(audience) END
    )::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_announce_change ON notifications;
--> statement-breakpoint
CREATE TRIGGER notifications_announce_change
  AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION announce_change('notifications');
--> statement-breakpoint
DROP TRIGGER IF EXISTS notification_reads_announce_change ON notification_reads;
--> statement-breakpoint
CREATE TRIGGER notification_reads_announce_change
  AFTER INSERT OR UPDATE OR DELETE ON notification_reads
  FOR EACH ROW EXECUTE FUNCTION announce_change('notifications');
