CREATE TABLE "transaction_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"live" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "transactions_user_created_idx";--> statement-breakpoint
DROP INDEX "transactions_type_created_idx";--> statement-breakpoint
DROP INDEX "transactions_created_idx";--> statement-breakpoint
ALTER TABLE "transaction_counts" ADD CONSTRAINT "transaction_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_user_live_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_live_idx" ON "transactions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_type_live_idx" ON "transactions" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
-- transaction_counts (docs/architecture.md, "Lists at scale"): each client's number of live
-- transactions, kept exact by the triggers below in the same database transaction as the change.
-- Every write adds a per-client delta with one upsert, its rows in user_id order, so two statements
-- touching the same clients lock their count rows in the same order and cannot deadlock; there is
-- no global row that every insert would have to update.
CREATE FUNCTION "transaction_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "transaction_counts" AS c ("user_id", "live")
  SELECT "user_id", count(*) FROM "inserted_rows" WHERE "deleted_at" IS NULL
  GROUP BY "user_id" ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "live" = c."live" + excluded."live";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "transaction_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "transaction_counts" AS c ("user_id", "live")
  SELECT "user_id", -count(*) FROM "deleted_rows" WHERE "deleted_at" IS NULL
  GROUP BY "user_id" ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "live" = c."live" + excluded."live";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update that hides or shows a row (deleted_at) or moves it to another client. Row by row:
-- PostgreSQL gives no transition tables to a trigger limited to some columns, and one on every
-- update would collect the rows of every status change; soft deletes are one row at a time.
CREATE FUNCTION "transaction_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "transaction_counts" AS c ("user_id", "live")
  SELECT d."user_id", sum(d."delta") FROM (VALUES
    (OLD."user_id", CASE WHEN OLD."deleted_at" IS NULL THEN -1 ELSE 0 END),
    (NEW."user_id", CASE WHEN NEW."deleted_at" IS NULL THEN 1 ELSE 0 END)
  ) AS d("user_id", "delta")
  GROUP BY d."user_id" HAVING sum(d."delta") <> 0 ORDER BY d."user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "live" = c."live" + excluded."live";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_count_inserted" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "inserted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "transactions_count_deleted" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS "deleted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_counts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "transactions_count_updated" AFTER UPDATE OF "deleted_at", "user_id" ON "transactions"
  FOR EACH ROW
  WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "transaction_counts_updated"();
--> statement-breakpoint
-- The counts of the rows already there. The triggers above hold a lock on transactions that keeps
-- writers out until this migration commits, so no row is counted twice or missed.
INSERT INTO "transaction_counts" ("user_id", "live")
SELECT "user_id", count(*) FROM "transactions" WHERE "deleted_at" IS NULL GROUP BY "user_id";
