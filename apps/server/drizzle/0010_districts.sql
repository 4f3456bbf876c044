CREATE TABLE "districts" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "districts__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text,
	"city" bigint NOT NULL,
	"boundary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
ALTER TABLE "luminary_supports" ADD COLUMN "district" bigint;
--> statement-breakpoint
ALTER TABLE "luminaries" ADD COLUMN "district" bigint;
--> statement-breakpoint
ALTER TABLE "luminary_modules" ADD COLUMN "district" bigint;
--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "district" bigint;
--> statement-breakpoint
ALTER TABLE "cabinets" ADD COLUMN "district" bigint;
--> statement-breakpoint
CREATE INDEX "districts_city_idx" ON "districts" USING btree ("city");
--> statement-breakpoint
CREATE UNIQUE INDEX "districts_city_name_unique" ON "districts" USING btree ("city","name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminary_supports_district_idx" ON "luminary_supports" USING btree ("district");
--> statement-breakpoint
CREATE INDEX "luminaries_district_idx" ON "luminaries" USING btree ("district");
--> statement-breakpoint
CREATE INDEX "luminary_modules_district_idx" ON "luminary_modules" USING btree ("district");
--> statement-breakpoint
CREATE INDEX "controllers_district_idx" ON "controllers" USING btree ("district");
--> statement-breakpoint
CREATE INDEX "cabinets_district_idx" ON "cabinets" USING btree ("district");
