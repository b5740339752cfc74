ALTER TABLE "alerts" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_destinations" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD COLUMN "entered_by" text;--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_destinations" ADD CONSTRAINT "alert_destinations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD CONSTRAINT "portfolio_transactions_entered_by_user_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_team_id_idx" ON "alerts" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "alert_destinations_team_idx" ON "alert_destinations" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "portfolios_team_id_idx" ON "portfolios" USING btree ("team_id");