CREATE TABLE "part_replacements" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "part_replacements__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"work_order" bigint NOT NULL,
	"kind" text NOT NULL,
	"luminary" bigint,
	"module" bigint,
	"fitted_module" bigint,
	"removed_serial" text,
	"fitted_serial" text,
	"fitted_model" bigint,
	"replaced_on" date NOT NULL,
	"replaced_by" bigint,
	"note" text,
	"group" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE INDEX "part_replacements_work_order_idx" ON "part_replacements" USING btree ("work_order");
--> statement-breakpoint
CREATE INDEX "part_replacements_luminary_idx" ON "part_replacements" USING btree ("luminary");
--> statement-breakpoint
CREATE INDEX "part_replacements_module_idx" ON "part_replacements" USING btree ("module");
--> statement-breakpoint
CREATE INDEX "part_replacements_fitted_module_idx" ON "part_replacements" USING btree ("fitted_module");
--> statement-breakpoint
CREATE INDEX "part_replacements_fitted_model_idx" ON "part_replacements" USING btree ("fitted_model");
--> statement-breakpoint
CREATE INDEX "part_replacements_replaced_by_idx" ON "part_replacements" USING btree ("replaced_by");
--> statement-breakpoint
CREATE INDEX "part_replacements_group_idx" ON "part_replacements" USING btree ("group");
