ALTER TABLE "cabinets" ADD COLUMN "door" text;
--> statement-breakpoint
ALTER TABLE "cabinets" ADD COLUMN "mode" text;
--> statement-breakpoint
ALTER TABLE "cabinets" ADD COLUMN "breakers_on" jsonb;
--> statement-breakpoint
ALTER TABLE "cabinets" ADD COLUMN "lamps_fed" jsonb;
