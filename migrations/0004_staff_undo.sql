CREATE TABLE `content_gone` (
	`type` text NOT NULL,
	`slug` text NOT NULL,
	`redirect_to` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`type`, `slug`)
);
--> statement-breakpoint
CREATE TABLE `content_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`entry_id` text NOT NULL,
	`number` integer NOT NULL,
	`slug` text NOT NULL,
	`status` text NOT NULL,
	`fields` text NOT NULL,
	`saved_by` text,
	`saved_by_email` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `content_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`saved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_versions_entry_idx` ON `content_versions` (`entry_id`,`number`);--> statement-breakpoint
ALTER TABLE `content_entries` ADD `publish_at` text;--> statement-breakpoint
CREATE INDEX `content_entries_publish_idx` ON `content_entries` (`status`,`publish_at`);