CREATE INDEX "luminary_supports_sockets_gin" ON "luminary_supports" USING gin ("sockets" jsonb_path_ops);
