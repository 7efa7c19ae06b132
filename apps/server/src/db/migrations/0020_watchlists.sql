-- A client's watchlist of pairs on their dashboard (contracts/watchlist.ts).
CREATE TABLE "watchlists" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pairs" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;