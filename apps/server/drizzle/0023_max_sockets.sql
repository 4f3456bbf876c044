ALTER TABLE "luminary_supports" ADD COLUMN "max_sockets" integer;
