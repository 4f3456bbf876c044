CREATE INDEX "command_devices_open_idx" ON "command_devices" USING btree ("sent_at") WHERE state in ('queued', 'sent');
