ALTER TABLE "talq_gateways" ADD COLUMN "problem" jsonb;
--> statement-breakpoint
ALTER TABLE "talq_gateways" ADD COLUMN "problem_at" timestamp with time zone;
