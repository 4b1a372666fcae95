ALTER TABLE `submissions` ADD `health_data` text;--> statement-breakpoint
CREATE INDEX `submissions_health_key_idx` ON `submissions` (health_data ->> '$.keyId') WHERE health_data IS NOT NULL;