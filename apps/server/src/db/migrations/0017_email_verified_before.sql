-- Accounts made before email verification existed count as verified (docs/security.md, "Email
-- verification"): their clients signed up under the old rules and may already hold money, which
-- must not stop moving because a link was never sent. Every account made from now on starts unverified
-- unless an admin made it.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL;
