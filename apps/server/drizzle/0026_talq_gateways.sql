CREATE TABLE "talq_gateways" (
	"controller_id" bigint PRIMARY KEY NOT NULL,
	"gateway_uri" text NOT NULL,
	"gateway_address" text,
	"cms_address" text,
	"state" text DEFAULT 'new' NOT NULL,
	"services" jsonb,
	"device_classes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_contact_at" timestamp with time zone
);

--> statement-breakpoint
CREATE TABLE "talq_devices" (
	"address" text PRIMARY KEY NOT NULL,
	"gateway_id" bigint NOT NULL,
	"class" text NOT NULL,
	"device" jsonb NOT NULL,
	"module_id" bigint,
	"luminary_id" bigint,
	"support_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "protocol" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "talq_gateways_address" ON "talq_gateways" USING btree ("gateway_address");
--> statement-breakpoint
CREATE INDEX "talq_devices_gateway" ON "talq_devices" USING btree ("gateway_id");
