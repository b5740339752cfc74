CREATE TABLE "research_summaries" (
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"claim_id" text NOT NULL,
	"summary" jsonb,
	"sources" jsonb,
	"message" text,
	"model" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "research_summaries_kind_symbol_subject_pk" PRIMARY KEY("kind","symbol","subject"),
	CONSTRAINT "research_summaries_size" CHECK (octet_length(coalesce("research_summaries"."summary"::text, '')) + octet_length(coalesce("research_summaries"."sources"::text, '')) + octet_length(coalesce("research_summaries"."message", '')) <= 65536)
);
--> statement-breakpoint
CREATE INDEX "research_summaries_expires_at_idx" ON "research_summaries" USING btree ("expires_at");