CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "luminary_supports_uid_find_trgm" ON "luminary_supports" USING gin ((lower("uid") collate "C") gin_trgm_ops) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminary_supports_street_find_trgm" ON "luminary_supports" USING gin ((lower("street") collate "C") gin_trgm_ops) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminary_modules_mac_find_trgm" ON "luminary_modules" USING gin ((lower("mac") collate "C") gin_trgm_ops) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminary_modules_uid_find_trgm" ON "luminary_modules" USING gin ((lower("uid") collate "C") gin_trgm_ops) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "controllers_uid_find_trgm" ON "controllers" USING gin ((lower("uid") collate "C") gin_trgm_ops) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "controllers_mac_find_trgm" ON "controllers" USING gin ((lower("mac") collate "C") gin_trgm_ops) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "cabinets_uid_find_trgm" ON "cabinets" USING gin ((lower("uid") collate "C") gin_trgm_ops) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "cabinets_address_find_trgm" ON "cabinets" USING gin ((lower("address") collate "C") gin_trgm_ops) WHERE deleted_at is null;
