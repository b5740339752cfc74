CREATE TABLE "usage" (
	"user_id" text NOT NULL,
	"quota" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_user_id_quota_period_start_pk" PRIMARY KEY("user_id","quota","period_start"),
	CONSTRAINT "usage_count_not_negative" CHECK ("usage"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "usage" ADD CONSTRAINT "usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_period_start_idx" ON "usage" USING btree ("period_start");