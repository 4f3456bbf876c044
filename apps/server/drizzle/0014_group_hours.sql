CREATE TABLE "group_hours" (
	"group" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"wh" double precision NOT NULL,
	CONSTRAINT "group_hours_group_hour_pk" PRIMARY KEY("group","hour")
);

--> statement-breakpoint
ALTER TABLE "meter_hours" ADD COLUMN "wh" bigint;
--> statement-breakpoint
-- the hours already rolled: each valid hour's rise over the last valid value before it, then the groups' sums
UPDATE "meter_hours" h SET "wh" = d.wh FROM (
  SELECT serial, phase, hour,
    energy_max - coalesce(lag(energy_max) OVER (PARTITION BY serial, phase ORDER BY hour), energy_min) AS wh
  FROM "meter_hours" WHERE energy_max IS NOT NULL) d
WHERE h.serial = d.serial AND h.phase = d.phase AND h.hour = d.hour;
--> statement-breakpoint
INSERT INTO "group_hours" ("group", hour, wh)
SELECT m."group", h.hour,
  sum(h.wh * coalesce(m.power_transformation, 1) * coalesce(m.voltage_transformation, 1))
FROM "meter_hours" h JOIN "meters" m ON m.serial = h.serial AND m.deleted_at IS NULL AND m."group" IS NOT NULL
WHERE h.wh IS NOT NULL
GROUP BY 1, 2;
