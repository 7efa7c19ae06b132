CREATE TABLE "market_candles" (
	"pair" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"ticks" integer NOT NULL,
	"close_time" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "market_candles_pair_minute_pk" PRIMARY KEY("pair","minute"),
	CONSTRAINT "market_candles_range_check" CHECK ("market_candles"."low" <= "market_candles"."high" and "market_candles"."low" > 0)
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"pair" text NOT NULL,
	"type" text NOT NULL,
	"margin" bigint NOT NULL,
	"leverage" integer NOT NULL,
	"expiration_minutes" integer NOT NULL,
	"entry_price" double precision NOT NULL,
	"entry_price_time" timestamp (3) with time zone NOT NULL,
	"stop_out_price" double precision,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"exit_price" double precision,
	"exit_price_time" timestamp (3) with time zone,
	"pnl" bigint,
	"close_reason" text,
	"close_note" text,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_margin_positive" CHECK ("positions"."margin" > 0),
	CONSTRAINT "positions_leverage_check" CHECK ("positions"."leverage" in (1, 2, 5, 10)),
	CONSTRAINT "positions_closed_check" CHECK (("positions"."status" = 'open') = ("positions"."closed_at" is null and "positions"."pnl" is null and "positions"."exit_price" is null)),
	CONSTRAINT "positions_pnl_floor" CHECK ("positions"."pnl" is null or "positions"."pnl" >= -"positions"."margin")
);
--> statement-breakpoint
CREATE TABLE "signal_trades" (
	"id" uuid PRIMARY KEY NOT NULL,
	"signal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"entry" bigint NOT NULL,
	"expected_return" bigint NOT NULL,
	"actual_return" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "signal_trades_entry_positive" CHECK ("signal_trades"."entry" > 0)
);
--> statement-breakpoint
CREATE TABLE "signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"pair" text NOT NULL,
	"entry_price" double precision NOT NULL,
	"target_price" double precision NOT NULL,
	"return_tenths" integer NOT NULL,
	"min_entry" bigint NOT NULL,
	"schedule_time" timestamp with time zone NOT NULL,
	"closing_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" text,
	"evidence" jsonb,
	"settled_at" timestamp with time zone,
	"settled_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signals_times_check" CHECK ("signals"."closing_time" > "signals"."schedule_time"),
	CONSTRAINT "signals_min_entry_check" CHECK ("signals"."min_entry" >= 100),
	CONSTRAINT "signals_result_check" CHECK (("signals"."result" is null) or "signals"."status" = 'completed')
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "asset" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "pnl" bigint;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_id_transactions_id_fk" FOREIGN KEY ("id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_trades" ADD CONSTRAINT "signal_trades_id_transactions_id_fk" FOREIGN KEY ("id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_trades" ADD CONSTRAINT "signal_trades_signal_id_signals_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."signals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_trades" ADD CONSTRAINT "signal_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_candles_minute_idx" ON "market_candles" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "positions_user_created_idx" ON "positions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "positions_created_idx" ON "positions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "positions_open_expires_idx" ON "positions" USING btree ("expires_at") WHERE "positions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "positions_open_pair_idx" ON "positions" USING btree ("pair") WHERE "positions"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "signal_trades_signal_user_key" ON "signal_trades" USING btree ("signal_id","user_id");--> statement-breakpoint
CREATE INDEX "signal_trades_user_created_idx" ON "signal_trades" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "signal_trades_active_signal_idx" ON "signal_trades" USING btree ("signal_id") WHERE "signal_trades"."status" = 'active';--> statement-breakpoint
CREATE INDEX "signals_pending_schedule_idx" ON "signals" USING btree ("schedule_time") WHERE "signals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "signals_active_closing_idx" ON "signals" USING btree ("closing_time") WHERE "signals"."status" = 'active';--> statement-breakpoint
CREATE INDEX "signals_created_idx" ON "signals" USING btree ("created_at");