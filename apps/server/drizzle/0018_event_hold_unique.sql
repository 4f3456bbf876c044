-- an event solved by hand while a detection raced it could leave a second one for the device: the newest keeps it
UPDATE "important_events" AS e SET "held_until_clear" = false
WHERE e."held_until_clear" AND e."deleted_at" IS NULL AND EXISTS (
  SELECT 1 FROM "important_events" AS o
  WHERE o."type" = e."type" AND o."device" = e."device" AND o."deleted_at" IS NULL AND o."_id" > e."_id"
    AND (o."status" = 'OPEN' OR o."held_until_clear"));
--> statement-breakpoint
DROP INDEX "important_events_type_device_while_status";
--> statement-breakpoint
CREATE UNIQUE INDEX "important_events_type_device_while_status_held_until_clear" ON "important_events" USING btree ("type","device") WHERE deleted_at is null and ("status" = 'OPEN' or "held_until_clear");
