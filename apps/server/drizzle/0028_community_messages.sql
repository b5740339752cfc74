CREATE TABLE "community_conversation_members" (
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"other_id" text NOT NULL,
	"last_message_at" timestamp with time zone,
	"unread" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"muted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "community_conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"low_id" text NOT NULL,
	"high_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone,
	CONSTRAINT "community_conversations_pair_order" CHECK ("community_conversations"."low_id" < "community_conversations"."high_id")
);
--> statement-breakpoint
CREATE TABLE "community_message_reports" (
	"message_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "community_message_reports_message_id_reporter_id_pk" PRIMARY KEY("message_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "community_message_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"from_anyone" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "community_conversation_members" ADD CONSTRAINT "community_conversation_members_conversation_id_community_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."community_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_conversation_members" ADD CONSTRAINT "community_conversation_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_conversation_members" ADD CONSTRAINT "community_conversation_members_other_id_user_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_conversations" ADD CONSTRAINT "community_conversations_low_id_user_id_fk" FOREIGN KEY ("low_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_conversations" ADD CONSTRAINT "community_conversations_high_id_user_id_fk" FOREIGN KEY ("high_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_conversations" ADD CONSTRAINT "community_conversations_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_message_reports" ADD CONSTRAINT "community_message_reports_message_id_community_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."community_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_message_reports" ADD CONSTRAINT "community_message_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_message_settings" ADD CONSTRAINT "community_message_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_messages" ADD CONSTRAINT "community_messages_conversation_id_community_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."community_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_messages" ADD CONSTRAINT "community_messages_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_conversation_members_list_idx" ON "community_conversation_members" USING btree ("user_id","last_message_at","conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_conversations_pair_idx" ON "community_conversations" USING btree ("low_id","high_id");--> statement-breakpoint
CREATE INDEX "community_conversations_started_idx" ON "community_conversations" USING btree ("started_by","started_at");--> statement-breakpoint
CREATE INDEX "community_message_reports_open_idx" ON "community_message_reports" USING btree ("created_at") WHERE "community_message_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "community_messages_conversation_idx" ON "community_messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "community_messages_sender_idx" ON "community_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
-- Each change to a member's side of a conversation (a message sent to or by them, a read, a
-- mute, a moderator's removal) is announced to that member alone (announce_change, migration
-- 0002: the row's "user_id"), from whichever instance or tool wrote it; their tabs then
-- refetch the list, the open conversation and the unread count (ADR 0049).
CREATE TRIGGER community_conversation_members_announce
  AFTER INSERT OR UPDATE ON community_conversation_members
  FOR EACH ROW EXECUTE FUNCTION announce_change('community_messages');
