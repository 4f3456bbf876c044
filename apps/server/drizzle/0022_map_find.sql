CREATE INDEX "luminary_supports_uid_find" ON "luminary_supports" USING btree ((lower("uid") collate "C")) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminary_supports_street_find" ON "luminary_supports" USING btree ((lower("street") collate "C")) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminary_modules_mac_find" ON "luminary_modules" USING btree ((lower("mac") collate "C")) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminary_modules_uid_find" ON "luminary_modules" USING btree ((lower("uid") collate "C")) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "controllers_uid_find" ON "controllers" USING btree ((lower("uid") collate "C")) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "controllers_mac_find" ON "controllers" USING btree ((lower("mac") collate "C")) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "cabinets_uid_find" ON "cabinets" USING btree ((lower("uid") collate "C")) WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "cabinets_address_find" ON "cabinets" USING btree ((lower("address") collate "C")) WHERE deleted_at is null;
