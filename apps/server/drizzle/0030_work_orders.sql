CREATE TABLE "fault_kinds" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fault_kinds__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"event_type" text,
	"hours_urgent" integer,
	"hours_high" integer,
	"hours_medium" integer,
	"hours_low" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "crews" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crews__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"group" bigint,
	"members" bigint[],
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "work_orders" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_orders__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"status" text,
	"priority" text,
	"fault_kind" bigint,
	"event_type" text,
	"crew" bigint,
	"due_date" timestamp with time zone,
	"street" text,
	"supports" bigint[],
	"luminaries" bigint[],
	"modules" bigint[],
	"cabinets" bigint[],
	"events" bigint[],
	"reason" text,
	"notes" text,
	"group" bigint,
	"done_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE UNIQUE INDEX "fault_kinds_name_unique" ON "fault_kinds" USING btree ("name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "fault_kinds_event_type_unique" ON "fault_kinds" USING btree ("event_type") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "crews_group_idx" ON "crews" USING btree ("group");
--> statement-breakpoint
CREATE UNIQUE INDEX "crews_group_name_unique" ON "crews" USING btree ("group","name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "work_orders_fault_kind_idx" ON "work_orders" USING btree ("fault_kind");
--> statement-breakpoint
CREATE INDEX "work_orders_crew_idx" ON "work_orders" USING btree ("crew");
--> statement-breakpoint
CREATE INDEX "work_orders_group_idx" ON "work_orders" USING btree ("group");
