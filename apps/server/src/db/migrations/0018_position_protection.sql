-- Take-profit and stop-loss, positions with no expiry, and the time a position's exit levels were
-- last set, which the exit index of every server syncs by (docs/money.md, "Positions").
ALTER TABLE "positions" ALTER COLUMN "expiration_minutes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ALTER COLUMN "expires_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "take_profit" double precision;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "stop_loss" double precision;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "levels_set_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "positions_open_levels_set_idx" ON "positions" USING btree ("levels_set_at") WHERE "positions"."status" = 'open';--> statement-breakpoint
UPDATE "positions" SET "levels_set_at" = "created_at";
