CREATE TABLE "device_secrets" (
	"controller_id" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);

