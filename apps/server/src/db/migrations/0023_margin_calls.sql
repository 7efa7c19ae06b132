-- Accounts in a margin call, told once per fall of their margin level (docs/money.md, "Margin level").
CREATE TABLE "margin_calls" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"level" double precision NOT NULL,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "margin_calls" ADD CONSTRAINT "margin_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;