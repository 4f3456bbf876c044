CREATE TABLE "talq_request_ids" (
	"gateway_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talq_request_ids_gateway_id_request_id_pk" PRIMARY KEY("gateway_id","request_id")
);

--> statement-breakpoint
CREATE INDEX "talq_request_ids_at" ON "talq_request_ids" USING btree ("at");
