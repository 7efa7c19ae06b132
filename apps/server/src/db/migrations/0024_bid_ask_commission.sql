-- Bid and ask (docs/money.md, "Bid and ask"): a position keeps the spread it opened on and the commission
-- charged then (an order the commission it holds), paid to the platform account `commissions`.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "spread" double precision;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "commission" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK (("ledger_entries"."user_id" is not null and "ledger_entries"."account" in ('balance', 'trading', 'profit', 'bonus', 'withdrawal_hold'))
        or ("ledger_entries"."user_id" is null and "ledger_entries"."account" in ('external', 'payouts', 'trading_pnl', 'adjustments', 'commissions')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_commission_check" CHECK ("orders"."commission" >= 0);--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_commission_check" CHECK ("positions"."commission" >= 0);