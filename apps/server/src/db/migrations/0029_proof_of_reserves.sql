-- Proof of reserves (docs/money.md, "Proof of reserves"): reserves staff declare with evidence, and
-- snapshots of what the platform owes (a Merkle root over every client's salted balance, published)
-- against what it holds, with each client's leaf kept so they can check their own inclusion later.
CREATE TABLE "reserve_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"amount" bigint NOT NULL,
	"evidence" text NOT NULL,
	"declared_by" uuid NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaces_id" uuid,
	"removed_by" uuid,
	"removed_at" timestamp with time zone,
	CONSTRAINT "reserve_declarations_amount_check" CHECK ("reserve_declarations"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reserve_leaves" (
	"snapshot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"salt" text NOT NULL,
	"cents" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "reserve_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reserve_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"root" text NOT NULL,
	"leaf_count" integer NOT NULL,
	"liabilities" bigint NOT NULL,
	"liabilities_by_account" jsonb NOT NULL,
	"on_chain" bigint NOT NULL,
	"declared" bigint NOT NULL,
	"chain_assets" jsonb NOT NULL,
	"declarations" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reserve_declarations" ADD CONSTRAINT "reserve_declarations_declared_by_users_id_fk" FOREIGN KEY ("declared_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_declarations" ADD CONSTRAINT "reserve_declarations_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_leaves" ADD CONSTRAINT "reserve_leaves_snapshot_id_reserve_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserve_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_leaves" ADD CONSTRAINT "reserve_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_snapshots" ADD CONSTRAINT "reserve_snapshots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reserve_declarations_standing_idx" ON "reserve_declarations" USING btree ("declared_at") WHERE "reserve_declarations"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "reserve_snapshots_created_idx" ON "reserve_snapshots" USING btree ("created_at");