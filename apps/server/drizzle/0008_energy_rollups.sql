CREATE TABLE "meter_hours" (
	"serial" text NOT NULL,
	"phase" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"energy_min" bigint,
	"energy_max" bigint,
	"power_sum" double precision NOT NULL,
	"power_max" bigint NOT NULL,
	"voltage_sum" double precision NOT NULL,
	"current_sum" double precision NOT NULL,
	"readings" integer NOT NULL,
	CONSTRAINT "meter_hours_serial_phase_hour_pk" PRIMARY KEY("serial","phase","hour")
);

--> statement-breakpoint
CREATE TABLE "module_hours" (
	"mac" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"energy_min" double precision,
	"energy_max" double precision,
	"runh_min" double precision,
	"runh_max" double precision,
	"pow_sum" double precision NOT NULL,
	"readings" integer NOT NULL,
	CONSTRAINT "module_hours_mac_hour_pk" PRIMARY KEY("mac","hour")
);

--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "tariff" double precision;
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "night_tariff" double precision;
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "night_from" integer;
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "night_to" integer;
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "currency" text;
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "co2_factor" double precision;
