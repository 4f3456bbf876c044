-- Hand-written: reading history, partitioned by day (drizzle-kit does not declare partitioned tables).
-- Daily partitions are created ahead by the server (field/history.ts); the default partition only catches
-- readings dated outside them.
CREATE TABLE "module_readings" (
	"at" timestamp with time zone NOT NULL,
	"mac" text NOT NULL,
	"pwm" integer,
	"pow" double precision,
	"lux" double precision,
	"temp" double precision,
	"energy" double precision,
	"runh" double precision,
	"lpwm" integer,
	"cpwm" integer,
	"rssi" integer,
	"twil" integer,
	"cl_status" integer
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "module_readings_default" PARTITION OF "module_readings" DEFAULT;
--> statement-breakpoint
CREATE INDEX "module_readings_mac_at_idx" ON "module_readings" ("mac", "at");
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"at" timestamp with time zone NOT NULL,
	"serial" text NOT NULL,
	"phase" integer NOT NULL,
	"voltage" bigint NOT NULL,
	"current" bigint NOT NULL,
	"power" bigint NOT NULL,
	"energy" bigint NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "meter_readings_default" PARTITION OF "meter_readings" DEFAULT;
--> statement-breakpoint
CREATE INDEX "meter_readings_serial_at_idx" ON "meter_readings" ("serial", "at");
