CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"old_email" text NOT NULL,
	"old_verified" boolean NOT NULL,
	"new_email" text NOT NULL,
	"confirm_digest" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"confirm_by" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"undo_digest" text,
	"undo_by" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "email_changes_confirm_digest_unique" UNIQUE("confirm_digest"),
	CONSTRAINT "email_changes_undo_digest_unique" UNIQUE("undo_digest")
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");