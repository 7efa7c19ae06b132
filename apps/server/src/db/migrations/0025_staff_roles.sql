-- Staff roles (docs/security.md, "Staff roles"): each user of type Admin gets a role, Admin,
-- Support or Finance, that says what they may do in the back office; nobody else has one.
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- Every admin made before roles existed keeps every right they had.
UPDATE "users" SET "staff_role" = 'Admin' WHERE "type" = 'Admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK ("users"."staff_role" in ('Admin', 'Support', 'Finance'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_of_staff" CHECK (("users"."type" = 'Admin') = ("users"."staff_role" is not null));