CREATE TABLE "work_order_rules" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_order_rules__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"event_type" text NOT NULL,
	"district" bigint,
	"after_minutes" integer,
	"priority" text,
	"crew" bigint,
	"active" boolean,
	"group" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE INDEX "work_order_rules_district_idx" ON "work_order_rules" USING btree ("district");
--> statement-breakpoint
CREATE INDEX "work_order_rules_crew_idx" ON "work_order_rules" USING btree ("crew");
--> statement-breakpoint
CREATE INDEX "work_order_rules_group_idx" ON "work_order_rules" USING btree ("group");
