-- Four-eyes approval (docs/money.md, "Four-eyes approval"): a large withdrawal's completion or a
-- large balance action waits here for a second staff member's decision before any money moves.
CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_id" uuid,
	"amount" bigint NOT NULL,
	"reason" text,
	"reference" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "approvals_kind_check" CHECK ("approvals"."kind" in ('withdrawal', 'credit', 'debit', 'profit', 'clear')),
	CONSTRAINT "approvals_status_check" CHECK ("approvals"."status" in ('Pending', 'Approved', 'Rejected')),
	CONSTRAINT "approvals_amount_positive" CHECK ("approvals"."amount" > 0),
	CONSTRAINT "approvals_withdrawal_names_it" CHECK (("approvals"."kind" = 'withdrawal') = ("approvals"."transaction_id" is not null)),
	CONSTRAINT "approvals_decided" CHECK (("approvals"."status" = 'Pending') = ("approvals"."decided_by" is null)),
	CONSTRAINT "approvals_second_person" CHECK ("approvals"."status" <> 'Approved' or "approvals"."decided_by" <> "approvals"."requested_by")
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_status_requested_idx" ON "approvals" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_pending_transaction_key" ON "approvals" USING btree ("transaction_id") WHERE "approvals"."status" = 'Pending' and "approvals"."transaction_id" is not null;