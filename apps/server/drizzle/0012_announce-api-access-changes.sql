-- Announces on the NOTIFY channel "api_access_changed" every change to what a user's API keys
-- may do, with the user's id as payload: a key deleted (revoked, or its user deleted) and a
-- change of the user's plan (API access comes with some plans only). Every server instance
-- forgets what it remembered about that user's keys at once, whichever route or tool made the
-- change. Sent when the changing transaction commits.
CREATE OR REPLACE FUNCTION announce_api_access_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'api_keys' THEN
    PERFORM pg_notify('api_access_changed', OLD.user_id);
  ELSIF NEW.subscription_tier IS DISTINCT FROM OLD.subscription_tier THEN
    PERFORM pg_notify('api_access_changed', NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS api_keys_announce_end ON api_keys;
--> statement-breakpoint
CREATE TRIGGER api_keys_announce_end
  AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION announce_api_access_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_announce_plan_change ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_announce_plan_change
  AFTER UPDATE OF subscription_tier ON profiles
  FOR EACH ROW EXECUTE FUNCTION announce_api_access_change();
