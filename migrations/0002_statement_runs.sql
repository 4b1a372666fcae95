CREATE TABLE `statement_runs` (
	`year` integer PRIMARY KEY NOT NULL,
	`cursor` text,
	`queued` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`finished_at` text
);
