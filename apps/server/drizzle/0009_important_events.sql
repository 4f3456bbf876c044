ALTER TABLE "important_events" ADD COLUMN "controller" bigint;
--> statement-breakpoint
ALTER TABLE "important_events" ADD COLUMN "cabinet" bigint;
--> statement-breakpoint
ALTER TABLE "important_events" ADD COLUMN "phase" integer;
--> statement-breakpoint
ALTER TABLE "important_events" ADD COLUMN "device" text;
--> statement-breakpoint
ALTER TABLE "important_events" ADD COLUMN "cause" bigint;
--> statement-breakpoint
ALTER TABLE "important_events" ADD COLUMN "comment" text;
--> statement-breakpoint
ALTER TABLE "important_events" ADD COLUMN "held_until_clear" boolean;
--> statement-breakpoint
CREATE INDEX "important_events_controller_idx" ON "important_events" USING btree ("controller");
--> statement-breakpoint
CREATE INDEX "important_events_cabinet_idx" ON "important_events" USING btree ("cabinet");
--> statement-breakpoint
CREATE INDEX "important_events_cause_idx" ON "important_events" USING btree ("cause");
--> statement-breakpoint
CREATE UNIQUE INDEX "important_events_type_device_while_status" ON "important_events" USING btree ("type","device") WHERE deleted_at is null and "status" = 'OPEN';
