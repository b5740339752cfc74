-- Announces every session that ends (signed out, revoked, replaced on a password change,
-- expired and cleaned up, its user deleted) on the NOTIFY channel "auth_session_revoked", so
-- every server instance forgets it at once and closes its live streams, whichever route or
-- tool deleted the row. Payload: the SHA-256 of the session token in hex (the key the server
-- remembers sessions under), never the token itself. Sent when the deleting transaction commits.
CREATE OR REPLACE FUNCTION announce_session_end() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_session_revoked', encode(sha256(convert_to(OLD.token, 'UTF8')), 'hex'));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS session_announce_end ON "session";
--> statement-breakpoint
CREATE TRIGGER session_announce_end
  AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION announce_session_end();
