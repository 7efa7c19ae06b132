-- Client Management at scale (docs/architecture.md, "Lists at scale"). pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_open_clients_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "users"."type" = 'Client' and "users"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "users_client_search_trgm_idx" ON "users" USING gin (("firstname" || ' ' || "lastname" || E'\x01' || "email" || E'\x01' || "username" || E'\x01' || "phone") gin_trgm_ops);