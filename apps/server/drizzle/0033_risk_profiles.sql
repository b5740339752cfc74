CREATE TYPE "public"."risk_band" AS ENUM('conservative', 'moderately-conservative', 'balanced', 'growth', 'aggressive');--> statement-breakpoint
CREATE TABLE "risk_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"answers" smallint[] NOT NULL,
	"score" smallint NOT NULL,
	"band" "risk_band" NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_profiles" ADD CONSTRAINT "risk_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;