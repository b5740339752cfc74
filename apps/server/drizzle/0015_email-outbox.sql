CREATE TABLE "email_failing_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" text,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_unsubscribes_address_kind_pk" PRIMARY KEY("address","kind")
);
--> statement-breakpoint
CREATE INDEX "email_outbox_recipient_idx" ON "email_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_waiting_idx" ON "email_outbox" USING btree ("state","created_at");