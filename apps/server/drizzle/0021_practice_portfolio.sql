CREATE TYPE "public"."portfolio_kind" AS ENUM('real', 'practice');--> statement-breakpoint
DROP INDEX "portfolios_user_name_idx";--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "kind" "portfolio_kind" DEFAULT 'real' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "portfolios_user_practice_idx" ON "portfolios" USING btree ("user_id") WHERE "portfolios"."kind" = 'practice';--> statement-breakpoint
CREATE UNIQUE INDEX "portfolios_user_name_idx" ON "portfolios" USING btree ("user_id","name") WHERE "portfolios"."kind" = 'real';