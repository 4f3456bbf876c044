ALTER TABLE "cabinets" DROP COLUMN "last_received_at";
