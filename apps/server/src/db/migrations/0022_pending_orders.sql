-- Pending orders: limit and stop orders that open a position when the price reaches their level
-- (contracts/orders.ts; docs/money.md, "Pending orders").
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"pair" text NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"price" double precision NOT NULL,
	"margin" bigint NOT NULL,
	"leverage" integer NOT NULL,
	"expiration_minutes" integer,
	"take_profit" double precision,
	"stop_loss" double precision,
	"good_until" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"levels_set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fill_price" double precision,
	"fill_price_time" timestamp (3) with time zone,
	"position_id" uuid,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_margin_positive" CHECK ("orders"."margin" > 0),
	CONSTRAINT "orders_leverage_check" CHECK ("orders"."leverage" in (1, 2, 5, 10)),
	CONSTRAINT "orders_price_positive" CHECK ("orders"."price" > 0),
	CONSTRAINT "orders_ended_check" CHECK (("orders"."status" = 'pending') = ("orders"."ended_at" is null)),
	CONSTRAINT "orders_filled_check" CHECK (("orders"."status" = 'filled') = ("orders"."position_id" is not null and "orders"."fill_price" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_levels_set_idx" ON "orders" USING btree ("levels_set_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_pending_good_until_idx" ON "orders" USING btree ("good_until") WHERE "orders"."status" = 'pending';