CREATE TABLE "commands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"group_id" bigint,
	"type" text NOT NULL,
	"target" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);

--> statement-breakpoint
CREATE TABLE "command_devices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "command_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"command_id" bigint NOT NULL,
	"controller_mac" text NOT NULL,
	"modules" jsonb,
	"state" text NOT NULL,
	"code" integer,
	"result" jsonb,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone
);

--> statement-breakpoint
CREATE INDEX "commands_created_idx" ON "commands" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "commands_group_idx" ON "commands" USING btree ("group_id");
--> statement-breakpoint
CREATE INDEX "command_devices_command_idx" ON "command_devices" USING btree ("command_id");
