CREATE TABLE "open311_clients" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open311_clients__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"contact" text,
	"active" boolean,
	"group" bigint,
	"key_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "service_requests" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_requests__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"service_code" text NOT NULL,
	"status" text,
	"status_notes" text,
	"description" text,
	"address" text,
	"location_lon" double precision,
	"location_lat" double precision,
	"pole_id" text,
	"support" bigint,
	"work_order" bigint,
	"client" bigint,
	"media_url" text,
	"email" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"group" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE INDEX "open311_clients_group_idx" ON "open311_clients" USING btree ("group");
--> statement-breakpoint
CREATE UNIQUE INDEX "open311_clients_key_hash_unique" ON "open311_clients" USING btree ("key_hash") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "service_requests_location_idx" ON "service_requests" USING btree ("location_lat","location_lon");
--> statement-breakpoint
CREATE INDEX "service_requests_support_idx" ON "service_requests" USING btree ("support");
--> statement-breakpoint
CREATE INDEX "service_requests_work_order_idx" ON "service_requests" USING btree ("work_order");
--> statement-breakpoint
CREATE INDEX "service_requests_client_idx" ON "service_requests" USING btree ("client");
--> statement-breakpoint
CREATE INDEX "service_requests_group_idx" ON "service_requests" USING btree ("group");
