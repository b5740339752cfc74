CREATE TYPE "public"."transaction_kind" AS ENUM('buy', 'sell', 'dividend', 'split', 'deposit', 'withdrawal', 'fee');--> statement-breakpoint
CREATE TABLE "portfolio_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "portfolio_transactions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" "transaction_kind" NOT NULL,
	"date" date NOT NULL,
	"symbol" text,
	"quantity" numeric(20, 8),
	"price" numeric(16, 6),
	"amount" numeric(16, 4),
	"fees" numeric(16, 4) DEFAULT '0' NOT NULL,
	"split_to" integer,
	"split_from" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_transactions_fees_check" CHECK ("portfolio_transactions"."fees" >= 0),
	CONSTRAINT "portfolio_transactions_shape_check" CHECK (case "portfolio_transactions"."kind"
        when 'buy' then "portfolio_transactions"."symbol" is not null and "portfolio_transactions"."quantity" > 0 and "portfolio_transactions"."price" > 0
        when 'sell' then "portfolio_transactions"."symbol" is not null and "portfolio_transactions"."quantity" > 0 and "portfolio_transactions"."price" > 0
        when 'dividend' then "portfolio_transactions"."symbol" is not null and "portfolio_transactions"."amount" > 0
        when 'split' then "portfolio_transactions"."symbol" is not null and "portfolio_transactions"."split_to" > 0 and "portfolio_transactions"."split_from" > 0
        else "portfolio_transactions"."symbol" is null and "portfolio_transactions"."amount" > 0
      end)
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"ledger_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD CONSTRAINT "portfolio_transactions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_transactions_portfolio_date_idx" ON "portfolio_transactions" USING btree ("portfolio_id","date","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolios_user_name_idx" ON "portfolios" USING btree ("user_id","name");