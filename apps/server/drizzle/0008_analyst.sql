CREATE TABLE "analyses" (
	"symbol" text NOT NULL,
	"data_date" date NOT NULL,
	"facts_hash" text NOT NULL,
	"writer" text NOT NULL,
	"status" text NOT NULL,
	"analysis" jsonb,
	"fallback_reason" text,
	"claimed_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "analyses_symbol_data_date_facts_hash_writer_pk" PRIMARY KEY("symbol","data_date","facts_hash","writer")
);
--> statement-breakpoint
CREATE TABLE "analysis_opens" (
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_opens_user_id_symbol_day_pk" PRIMARY KEY("user_id","symbol","day")
);
--> statement-breakpoint
ALTER TABLE "analysis_opens" ADD CONSTRAINT "analysis_opens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_data_date_idx" ON "analyses" USING btree ("data_date");--> statement-breakpoint
CREATE INDEX "analysis_opens_day_idx" ON "analysis_opens" USING btree ("day");