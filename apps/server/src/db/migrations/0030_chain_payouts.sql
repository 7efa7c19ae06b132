-- Withdrawals paid on chain (docs/money.md, "Withdrawals paid on chain"): a withdrawal method may be
-- watched on a chain (node, confirmations, asset, explorer link), and the transaction staff record as a
-- pending withdrawal's payout is kept with where the watcher found it, one per withdrawal and one
-- withdrawal per transaction, until its confirmation completes the withdrawal (or shows a problem).
CREATE TABLE "chain_payout_watches" (
	"withdrawal_method_id" uuid PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"rpc_url" text NOT NULL,
	"confirmations" integer NOT NULL,
	"asset" text NOT NULL,
	"token_address" text,
	"token_decimals" integer,
	"explorer_tx_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_payout_watches_confirmations_check" CHECK ("chain_payout_watches"."confirmations" between 1 and 1000),
	CONSTRAINT "chain_payout_watches_token_check" CHECK (("chain_payout_watches"."asset" = 'native' and "chain_payout_watches"."token_address" is null) or ("chain_payout_watches"."asset" = 'erc20' and "chain_payout_watches"."token_address" is not null and "chain_payout_watches"."token_decimals" between 2 and 36))
);
--> statement-breakpoint
CREATE TABLE "chain_payouts" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"status" text NOT NULL,
	"problem" text,
	"block_number" bigint,
	"block_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"rate_cents" bigint,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chain_payout_watches" ADD CONSTRAINT "chain_payout_watches_withdrawal_method_id_withdrawal_methods_id_fk" FOREIGN KEY ("withdrawal_method_id") REFERENCES "public"."withdrawal_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_payouts" ADD CONSTRAINT "chain_payouts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_payouts" ADD CONSTRAINT "chain_payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_tx_hash_key" ON "chain_payouts" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "chain_payouts_confirming_idx" ON "chain_payouts" USING btree ("recorded_at") WHERE "chain_payouts"."status" = 'confirming';