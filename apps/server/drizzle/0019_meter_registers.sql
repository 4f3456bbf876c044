ALTER TABLE "meter_hours" ADD COLUMN "energy_export_min" bigint;
--> statement-breakpoint
ALTER TABLE "meter_hours" ADD COLUMN "energy_export_max" bigint;
--> statement-breakpoint
ALTER TABLE "meter_hours" ADD COLUMN "reactive_import_min" bigint;
--> statement-breakpoint
ALTER TABLE "meter_hours" ADD COLUMN "reactive_import_max" bigint;
--> statement-breakpoint
ALTER TABLE "meter_hours" ADD COLUMN "reactive_export_min" bigint;
--> statement-breakpoint
ALTER TABLE "meter_hours" ADD COLUMN "reactive_export_max" bigint;
--> statement-breakpoint
-- the history keeps them too: empty where a meter sent none, or could not read one (65535)
ALTER TABLE "meter_readings" ADD COLUMN "energy_export" bigint;
--> statement-breakpoint
ALTER TABLE "meter_readings" ADD COLUMN "reactive_import" bigint;
--> statement-breakpoint
ALTER TABLE "meter_readings" ADD COLUMN "reactive_export" bigint;
