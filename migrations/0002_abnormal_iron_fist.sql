CREATE TABLE `content_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`slug` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`sort_date` text DEFAULT '' NOT NULL,
	`fields` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_entries_slug_idx` ON `content_entries` (`type`,`slug`);--> statement-breakpoint
CREATE INDEX `content_entries_list_idx` ON `content_entries` (`type`,`status`,`sort_date`);