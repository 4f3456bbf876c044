CREATE TABLE "module_days" (
	"mac" text NOT NULL,
	"day" date NOT NULL,
	"wh" double precision[] NOT NULL,
	"burn_h" double precision[] NOT NULL,
	CONSTRAINT "module_days_mac_day_pk" PRIMARY KEY("mac","day")
);

--> statement-breakpoint
-- the days of the module hours already rolled (module_hours then kept every hour, with no retention)
INSERT INTO "module_days" ("mac", "day", "wh", "burn_h")
SELECT x.mac, x.day, array_agg(x.wh ORDER BY x.i), array_agg(x.burn_h ORDER BY x.i)
FROM (
	SELECT k.mac, k.day, i, h.wh, h.burn_h
	FROM (SELECT DISTINCT mac, (hour AT TIME ZONE 'UTC')::date AS day FROM "module_hours"
		WHERE wh IS NOT NULL OR burn_h IS NOT NULL) k
	CROSS JOIN generate_series(0, 23) i
	LEFT JOIN "module_hours" h ON h.mac = k.mac AND h.hour = (k.day + make_interval(hours => i)) AT TIME ZONE 'UTC'
) x
GROUP BY x.mac, x.day;
