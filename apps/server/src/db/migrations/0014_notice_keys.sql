ALTER TABLE "in_app_messages" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "in_app_messages" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "in_app_messages" ADD COLUMN "link" text;