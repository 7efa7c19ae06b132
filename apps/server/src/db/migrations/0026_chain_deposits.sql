-- Deposits seen on chain (docs/money.md, "Deposits seen on chain"): watched deposit methods with their
-- cursor, recent block hashes for reorganisations, clients' derived addresses, and each transfer
-- recorded once (method, transaction hash, log index) until credited or dropped.
CREATE TABLE "chain_addresses" (
	"xpub" text NOT NULL,
	"user_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_addresses_xpub_user_id_pk" PRIMARY KEY("xpub","user_id")
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"deposit_method_id" uuid NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "chain_blocks_deposit_method_id_number_pk" PRIMARY KEY("deposit_method_id","number")
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deposit_method_id" uuid NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_base" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"transaction_id" uuid,
	"rate_cents" bigint,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_watches" (
	"deposit_method_id" uuid PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"rpc_url" text NOT NULL,
	"confirmations" integer NOT NULL,
	"xpub" text NOT NULL,
	"asset" text NOT NULL,
	"token_address" text,
	"token_decimals" integer,
	"start_block" bigint,
	"cursor_number" bigint,
	"cursor_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_watches_confirmations_check" CHECK ("chain_watches"."confirmations" between 1 and 1000),
	CONSTRAINT "chain_watches_token_check" CHECK (("chain_watches"."asset" = 'native' and "chain_watches"."token_address" is null) or ("chain_watches"."asset" = 'erc20' and "chain_watches"."token_address" is not null and "chain_watches"."token_decimals" between 2 and 36))
);
--> statement-breakpoint
ALTER TABLE "chain_addresses" ADD CONSTRAINT "chain_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_blocks" ADD CONSTRAINT "chain_blocks_deposit_method_id_chain_watches_deposit_method_id_fk" FOREIGN KEY ("deposit_method_id") REFERENCES "public"."chain_watches"("deposit_method_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_deposit_method_id_chain_watches_deposit_method_id_fk" FOREIGN KEY ("deposit_method_id") REFERENCES "public"."chain_watches"("deposit_method_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_watches" ADD CONSTRAINT "chain_watches_deposit_method_id_deposit_methods_id_fk" FOREIGN KEY ("deposit_method_id") REFERENCES "public"."deposit_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_index_key" ON "chain_addresses" USING btree ("xpub","index");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_address_key" ON "chain_addresses" USING btree ("xpub","address");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_once_key" ON "chain_transfers" USING btree ("deposit_method_id","tx_hash","log_index") WHERE "chain_transfers"."status" <> 'dropped';--> statement-breakpoint
CREATE INDEX "chain_transfers_confirming_idx" ON "chain_transfers" USING btree ("deposit_method_id","block_number") WHERE "chain_transfers"."status" = 'confirming';--> statement-breakpoint
CREATE INDEX "chain_transfers_user_idx" ON "chain_transfers" USING btree ("user_id","created_at");