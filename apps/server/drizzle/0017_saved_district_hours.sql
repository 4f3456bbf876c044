CREATE TABLE "district_hours" (
	"district" bigint NOT NULL,
	"group" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"wh" double precision NOT NULL,
	CONSTRAINT "district_hours_district_hour_group_pk" PRIMARY KEY("district","hour","group")
);

--> statement-breakpoint
CREATE TABLE "saved_hours" (
	"group" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"group_control" bigint NOT NULL,
	"profile" bigint NOT NULL,
	"burn_h" double precision NOT NULL,
	"wh" double precision NOT NULL,
	"rated_wh" double precision NOT NULL,
	"full_wh" double precision NOT NULL,
	CONSTRAINT "saved_hours_group_hour_group_control_profile_pk" PRIMARY KEY("group","hour","group_control","profile")
);

--> statement-breakpoint
ALTER TABLE "module_hours" ADD COLUMN "wh" double precision;
--> statement-breakpoint
ALTER TABLE "module_hours" ADD COLUMN "burn_h" double precision;
--> statement-breakpoint
-- the hours already rolled: each hour's rises over the last valid values before it
UPDATE "module_hours" h SET "wh" = d.wh, "burn_h" = d.burn_h FROM (
  SELECT mac, hour,
    energy_max - coalesce(max(energy_max) OVER (PARTITION BY mac ORDER BY hour ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), energy_min) AS wh,
    runh_max - coalesce(max(runh_max) OVER (PARTITION BY mac ORDER BY hour ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), runh_min) AS burn_h
  FROM "module_hours") d
WHERE h.mac = d.mac AND h.hour = d.hour;
--> statement-breakpoint
-- what they saved, under each lamp's group, group control, profile and model as they are now
INSERT INTO "saved_hours" ("group", hour, group_control, profile, burn_h, wh, rated_wh, full_wh)
SELECT coalesce(lm."group", 0), h.hour, coalesce(l.profile_group, 0), coalesce(lm.profile_id, 0),
  coalesce(sum(h.burn_h), 0), coalesce(sum(h.wh), 0), coalesce(sum(h.wh) FILTER (WHERE mo.power > 0), 0),
  coalesce(sum(h.burn_h * mo.power) FILTER (WHERE mo.power > 0), 0)
FROM "module_hours" h
JOIN "luminary_modules" lm ON lm.mac = h.mac AND lm.deleted_at IS NULL
JOIN "luminaries" l ON l.control_module = lm._id AND l.deleted_at IS NULL
LEFT JOIN "luminary_models" mo ON mo._id = l.model
WHERE h.wh IS NOT NULL OR h.burn_h IS NOT NULL
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "district_hours" (district, "group", hour, wh)
SELECT k.district, coalesce(m."group", 0), h.hour,
  sum(h.wh * coalesce(m.power_transformation, 1) * coalesce(m.voltage_transformation, 1))
FROM "meter_hours" h
JOIN "meters" m ON m.serial = h.serial AND m.deleted_at IS NULL
JOIN "cabinets" k ON k._id = m.cabinet AND k.deleted_at IS NULL AND k.district IS NOT NULL
WHERE h.wh IS NOT NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- a meter's every hour added to (k > 0) or taken from (k < 0) the hours of the district its cabinet stands in
CREATE FUNCTION sl_district_hours_shift(p_serial text, p_cabinet bigint, p_group bigint, p_k float8)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO district_hours AS d (district, "group", hour, wh)
  SELECT k.district, coalesce(p_group, 0), h.hour, p_k * sum(h.wh)
  FROM cabinets k JOIN meter_hours h ON h.serial = p_serial AND h.wh IS NOT NULL
  WHERE k._id = p_cabinet AND k.deleted_at IS NULL AND k.district IS NOT NULL
  GROUP BY k.district, h.hour ORDER BY h.hour
  ON CONFLICT (district, hour, "group") DO UPDATE SET wh = d.wh + excluded.wh;
END $$;
--> statement-breakpoint
CREATE FUNCTION sl_meter_district_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND old.deleted_at IS NULL AND old.cabinet IS NOT NULL AND old.serial IS NOT NULL THEN
    PERFORM sl_district_hours_shift(old.serial, old.cabinet, old."group",
      -coalesce(old.power_transformation, 1) * coalesce(old.voltage_transformation, 1));
  END IF;
  IF TG_OP <> 'DELETE' AND new.deleted_at IS NULL AND new.cabinet IS NOT NULL AND new.serial IS NOT NULL THEN
    PERFORM sl_district_hours_shift(new.serial, new.cabinet, new."group",
      coalesce(new.power_transformation, 1) * coalesce(new.voltage_transformation, 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sl_meter_district_hours_new AFTER INSERT OR DELETE ON meters
  FOR EACH ROW EXECUTE FUNCTION sl_meter_district_hours();
--> statement-breakpoint
CREATE TRIGGER sl_meter_district_hours AFTER UPDATE OF serial, cabinet, "group", power_transformation,
  voltage_transformation, deleted_at ON meters FOR EACH ROW
  WHEN (old.serial IS DISTINCT FROM new.serial OR old.cabinet IS DISTINCT FROM new.cabinet
    OR old."group" IS DISTINCT FROM new."group" OR old.deleted_at IS DISTINCT FROM new.deleted_at
    OR old.power_transformation IS DISTINCT FROM new.power_transformation
    OR old.voltage_transformation IS DISTINCT FROM new.voltage_transformation)
  EXECUTE FUNCTION sl_meter_district_hours();
--> statement-breakpoint
-- a cabinet placed in another district (moved, or the districts redrawn) takes its meters' hours along
CREATE FUNCTION sl_cabinet_district_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO district_hours AS d (district, "group", hour, wh)
  SELECT x.district, coalesce(m."group", 0), h.hour,
    sum(x.sign * h.wh * coalesce(m.power_transformation, 1) * coalesce(m.voltage_transformation, 1))
  FROM (SELECT old.district AS district, -1 AS sign WHERE old.district IS NOT NULL AND old.deleted_at IS NULL
        UNION ALL
        SELECT new.district, 1 WHERE new.district IS NOT NULL AND new.deleted_at IS NULL) x
  CROSS JOIN meters m
  JOIN meter_hours h ON h.serial = m.serial AND h.wh IS NOT NULL
  WHERE m.cabinet = new._id AND m.deleted_at IS NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 3, 2
  ON CONFLICT (district, hour, "group") DO UPDATE SET wh = d.wh + excluded.wh;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sl_cabinet_district_hours AFTER UPDATE OF district, deleted_at ON cabinets FOR EACH ROW
  WHEN (old.district IS DISTINCT FROM new.district OR old.deleted_at IS DISTINCT FROM new.deleted_at)
  EXECUTE FUNCTION sl_cabinet_district_hours();
