ALTER TABLE "important_events" ADD COLUMN "solved_by" bigint;
--> statement-breakpoint
CREATE INDEX "important_events_solved_by_idx" ON "important_events" USING btree ("solved_by");
