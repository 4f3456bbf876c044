-- drizzle-kit cannot name the old primary key; PostgreSQL named it so
ALTER TABLE "login_throttle" DROP CONSTRAINT "login_throttle_pkey";
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_login_address_pk" PRIMARY KEY("login","address");
