-- A position's history row says why it closed, as the position does (docs/money.md, "Positions"):
-- the client's history and statements show it.
ALTER TABLE "transactions" ADD COLUMN "close_reason" text;--> statement-breakpoint
UPDATE "transactions" t SET "close_reason" = p."close_reason" FROM "positions" p WHERE p."id" = t."id" AND p."close_reason" IS NOT NULL;
