CREATE TABLE "community_post_symbols" (
	"post_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_post_symbols_post_id_symbol_pk" PRIMARY KEY("post_id","symbol")
);
--> statement-breakpoint
DROP INDEX "community_posts_feed_idx";--> statement-breakpoint
DROP INDEX "community_posts_symbols_idx";--> statement-breakpoint
ALTER TABLE "community_post_symbols" ADD CONSTRAINT "community_post_symbols_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_post_symbols_feed_idx" ON "community_post_symbols" USING btree ("symbol","created_at","post_id");--> statement-breakpoint
CREATE INDEX "community_posts_visible_idx" ON "community_posts" USING btree ("created_at","id") WHERE "community_posts"."parent_id" is null and "community_posts"."deleted_at" is null and "community_posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_author_visible_idx" ON "community_posts" USING btree ("author_id","created_at","id") WHERE "community_posts"."parent_id" is null and "community_posts"."deleted_at" is null and "community_posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "community_blocks_blocked_idx" ON "community_blocks" USING btree ("blocked_id");--> statement-breakpoint
-- Each symbol a top-level post names, with the post's time (ADR 0052), kept by the database on
-- every insert and every change of a post's symbols (an edit, a deletion emptying the post), so
-- every writer of posts keeps it right. Visibility stays on the post.
CREATE OR REPLACE FUNCTION community_post_symbols_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM community_post_symbols WHERE post_id = NEW.id;
  END IF;
  IF NEW.parent_id IS NULL THEN
    INSERT INTO community_post_symbols (post_id, symbol, created_at)
    SELECT NEW.id, named.symbol, NEW.created_at
    FROM unnest(NEW.symbols) AS named(symbol)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER community_posts_symbols_insert
  AFTER INSERT ON community_posts
  FOR EACH ROW EXECUTE FUNCTION community_post_symbols_sync();
--> statement-breakpoint
CREATE TRIGGER community_posts_symbols_update
  AFTER UPDATE OF symbols ON community_posts
  FOR EACH ROW WHEN (OLD.symbols IS DISTINCT FROM NEW.symbols)
  EXECUTE FUNCTION community_post_symbols_sync();
--> statement-breakpoint
INSERT INTO community_post_symbols (post_id, symbol, created_at)
SELECT post.id, named.symbol, post.created_at
FROM community_posts post, unnest(post.symbols) AS named(symbol)
WHERE post.parent_id IS NULL
ON CONFLICT DO NOTHING;
