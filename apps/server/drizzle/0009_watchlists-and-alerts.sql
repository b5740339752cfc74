CREATE TABLE "alert_bar_checks" (
	"symbol" text PRIMARY KEY NOT NULL,
	"checked_through" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_firings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"repeat" text NOT NULL,
	"trading_day" date NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"value" double precision,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"level" double precision,
	"period" integer,
	"rating" text,
	"repeat" text NOT NULL,
	"note" text,
	"state" text DEFAULT 'armed' NOT NULL,
	"last_fired_at" timestamp with time zone,
	"last_fired_day" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"watchlist_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_watchlist_id_symbol_pk" PRIMARY KEY("watchlist_id","symbol")
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_firings" ADD CONSTRAINT "alert_firings_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_firings" ADD CONSTRAINT "alert_firings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_firings_user_fired_idx" ON "alert_firings" USING btree ("user_id","fired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_firings_daily_idx" ON "alert_firings" USING btree ("alert_id","trading_day") WHERE "alert_firings"."repeat" = 'daily';--> statement-breakpoint
CREATE INDEX "alerts_user_id_idx" ON "alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alerts_armed_symbol_idx" ON "alerts" USING btree ("symbol") WHERE "alerts"."state" = 'armed';--> statement-breakpoint
CREATE INDEX "watchlist_items_user_symbol_idx" ON "watchlist_items" USING btree ("user_id","symbol");--> statement-breakpoint
CREATE INDEX "watchlists_user_id_idx" ON "watchlists" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlists_user_name_idx" ON "watchlists" USING btree ("user_id",lower("name"));--> statement-breakpoint
-- The owner's open pages refetch their watchlists and alerts whenever a row of theirs changes,
-- on any instance (announce_change, migration 0002).
CREATE TRIGGER watchlists_announce_change
  AFTER INSERT OR UPDATE OR DELETE ON watchlists
  FOR EACH ROW EXECUTE FUNCTION announce_change('watchlists');
--> statement-breakpoint
CREATE TRIGGER watchlist_items_announce_change
  AFTER INSERT OR UPDATE OR DELETE ON watchlist_items
  FOR EACH ROW EXECUTE FUNCTION announce_change('watchlists');
--> statement-breakpoint
CREATE TRIGGER alerts_announce_change
  AFTER INSERT OR UPDATE OR DELETE ON alerts
  FOR EACH ROW EXECUTE FUNCTION announce_change('alerts');
--> statement-breakpoint
CREATE TRIGGER alert_firings_announce_change
  AFTER INSERT OR UPDATE OR DELETE ON alert_firings
  FOR EACH ROW EXECUTE FUNCTION announce_change('alerts');
--> statement-breakpoint
-- Every server instance keeps the armed quote alerts in memory, per symbol and level: each
-- change of an alert row is sent on "alert_changes" with what that index needs (no note), so
-- an alert created, paused, edited or fired through any instance is seen by all of them.
CREATE OR REPLACE FUNCTION announce_alert_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('alert_changes', json_build_object('id', OLD.id, 'deleted', true)::text);
  ELSE
    PERFORM pg_notify(
      'alert_changes',
      json_build_object(
        'id', NEW.id,
        'userId', NEW.user_id,
        'symbol', NEW.symbol,
        'kind', NEW.kind,
        'level', NEW.level,
        'repeat', NEW.repeat,
        'state', NEW.state,
        'lastFiredDay', NEW.last_fired_day
      )::text
    );
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER alerts_announce_alert_change
  AFTER INSERT OR UPDATE OR DELETE ON alerts
  FOR EACH ROW EXECUTE FUNCTION announce_alert_change();
