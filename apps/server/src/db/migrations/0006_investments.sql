CREATE TABLE "investment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"interest_bp" integer NOT NULL,
	"duration" integer NOT NULL,
	"no_of_times" integer NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "investment_plans_interest_check" CHECK ("investment_plans"."interest_bp" > 0 and "investment_plans"."interest_bp" <= 100000),
	CONSTRAINT "investment_plans_duration_check" CHECK ("investment_plans"."duration" in (7, 10, 14, 30)),
	CONSTRAINT "investment_plans_no_of_times_check" CHECK ("investment_plans"."no_of_times" between 1 and 4),
	CONSTRAINT "investment_plans_limits_check" CHECK ("investment_plans"."min_amount" >= 0 and "investment_plans"."max_amount" >= "investment_plans"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"interest_bp" integer NOT NULL,
	"duration" integer NOT NULL,
	"no_of_times" integer NOT NULL,
	"deposit_id" uuid,
	"funded_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"matures_at" timestamp with time zone,
	"matured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"processed_at" timestamp with time zone,
	"reason" text,
	"rejected_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_nonnegative" CHECK ("payouts"."amount" >= 0),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('Pending', 'Completed', 'Rejected')),
	CONSTRAINT "payouts_sequence_check" CHECK ("payouts"."sequence" between 1 and "payouts"."count")
);
--> statement-breakpoint
CREATE TABLE "plan_upgrade_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"from_plan_id" uuid,
	"requested_plan_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_plan_id" uuid,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_upgrade_requests_status_check" CHECK ("plan_upgrade_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_name" text;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_id_transactions_id_fk" FOREIGN KEY ("id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_plan_id_investment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."investment_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_deposit_id_transactions_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_upgrade_requests" ADD CONSTRAINT "plan_upgrade_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_upgrade_requests" ADD CONSTRAINT "plan_upgrade_requests_from_plan_id_investment_plans_id_fk" FOREIGN KEY ("from_plan_id") REFERENCES "public"."investment_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_upgrade_requests" ADD CONSTRAINT "plan_upgrade_requests_requested_plan_id_investment_plans_id_fk" FOREIGN KEY ("requested_plan_id") REFERENCES "public"."investment_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_upgrade_requests" ADD CONSTRAINT "plan_upgrade_requests_approved_plan_id_investment_plans_id_fk" FOREIGN KEY ("approved_plan_id") REFERENCES "public"."investment_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_upgrade_requests" ADD CONSTRAINT "plan_upgrade_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investment_plans_live_name_key" ON "investment_plans" USING btree (lower("name")) WHERE "investment_plans"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "investments_plan_idx" ON "investments" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investments_deposit_key" ON "investments" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "investments_user_idx" ON "investments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_investment_sequence_key" ON "payouts" USING btree ("investment_id","sequence");--> statement-breakpoint
CREATE INDEX "payouts_pending_due_idx" ON "payouts" USING btree ("due_at") WHERE "payouts"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "payouts_user_processed_idx" ON "payouts" USING btree ("user_id","processed_at");--> statement-breakpoint
CREATE INDEX "payouts_user_due_idx" ON "payouts" USING btree ("user_id","due_at");--> statement-breakpoint
CREATE INDEX "payouts_rejected_idx" ON "payouts" USING btree ("processed_at") WHERE "payouts"."status" = 'Rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_upgrade_requests_one_pending_key" ON "plan_upgrade_requests" USING btree ("user_id") WHERE "plan_upgrade_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "plan_upgrade_requests_user_created_idx" ON "plan_upgrade_requests" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_plan_id_investment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."investment_plans"("id") ON DELETE restrict ON UPDATE no action;