CREATE TABLE `file_replacements` (
	`old_key` text PRIMARY KEY NOT NULL,
	`new_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `file_replacements_new_idx` ON `file_replacements` (`new_key`);