-- Hand-written: room in every page of the tables the ingest rewrites all the time (each module's and controller's
-- current state), so an update can stay on its page without touching any index (a HOT update). Pages written
-- before this keep their old fill until the table is rewritten.
ALTER TABLE "luminary_modules" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "controllers" SET (fillfactor = 70);
