CREATE TABLE "controller_goodbyes" (
	"controller" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);

