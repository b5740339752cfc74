CREATE TABLE "alert_email_windows" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"alert_emails" boolean DEFAULT true NOT NULL,
	"alert_email_default" boolean DEFAULT true NOT NULL,
	"watchlist_digest" boolean DEFAULT false NOT NULL,
	"product_news" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_digests" (
	"user_id" text NOT NULL,
	"trading_day" date NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watchlist_digests_user_id_trading_day_pk" PRIMARY KEY("user_id","trading_day")
);
--> statement-breakpoint
ALTER TABLE "alert_firings" ADD COLUMN "email_state" text;--> statement-breakpoint
ALTER TABLE "alert_firings" ADD COLUMN "email_outbox_id" bigint;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_email_windows" ADD CONSTRAINT "alert_email_windows_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_digests" ADD CONSTRAINT "watchlist_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_firings_email_pending_idx" ON "alert_firings" USING btree ("user_id","fired_at") WHERE "alert_firings"."email_state" = 'pending';