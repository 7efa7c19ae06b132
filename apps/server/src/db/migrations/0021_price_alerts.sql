-- Price alerts of clients (contracts/alerts.ts; docs/money.md, "Notices").
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"pair" text NOT NULL,
	"direction" text NOT NULL,
	"price" double precision NOT NULL,
	"repeat" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"trigger_count" integer DEFAULT 0 NOT NULL,
	"last_triggered_price" double precision,
	"last_triggered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_price_positive" CHECK ("price_alerts"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_user_created_idx" ON "price_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_active_idx" ON "price_alerts" USING btree ("pair") WHERE "price_alerts"."status" = 'active';