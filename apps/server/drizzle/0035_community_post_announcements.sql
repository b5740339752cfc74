-- Each new post or reply is announced by its id (ADR 0076), so that every instance can tell
-- each of its readers about it (its place in the feed, whether it is in their Following tab)
-- instead of every tab asking how many posts are new. A post held for review (inserted
-- hidden) is not announced; the server also reads each announced post back and leaves out
-- any deleted or hidden since. Edits, likes and deletions are still not announced.
CREATE OR REPLACE FUNCTION announce_community_post() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'app_changes',
    json_build_object('topic', 'community_posts', 'userIds', NULL, 'id', NEW.id)::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS community_posts_announce_insert ON community_posts;
--> statement-breakpoint
CREATE TRIGGER community_posts_announce_insert
  AFTER INSERT ON community_posts
  FOR EACH ROW WHEN (NEW.hidden_at IS NULL) EXECUTE FUNCTION announce_community_post();
