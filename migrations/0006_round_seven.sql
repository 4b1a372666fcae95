CREATE TABLE `child_consents` (
	`child_id` text NOT NULL,
	`program_year` text NOT NULL,
	`photo_consent` integer DEFAULT false NOT NULL,
	`confirmed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`child_id`, `program_year`),
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`phone` text,
	`organization` text,
	`locale` text DEFAULT 'en' NOT NULL,
	`note` text,
	`import_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_email_unique` ON `contacts` (`email`);--> statement-breakpoint
CREATE INDEX `contacts_import_idx` ON `contacts` (`import_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE TABLE `import_mappings` (
	`kind` text NOT NULL,
	`shape` text NOT NULL,
	`mapping` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`kind`, `shape`)
);
--> statement-breakpoint
CREATE TABLE `import_skips` (
	`import_id` text NOT NULL,
	`row` integer NOT NULL,
	`reasons` text NOT NULL,
	`cells` text NOT NULL,
	PRIMARY KEY(`import_id`, `row`),
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `imports` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`headers` text NOT NULL,
	`shape` text NOT NULL,
	`mapping` text NOT NULL,
	`gift_method` text,
	`status` text DEFAULT 'mapping' NOT NULL,
	`rows` integer DEFAULT 0 NOT NULL,
	`batches` integer DEFAULT 0 NOT NULL,
	`next_batch` integer DEFAULT 0 NOT NULL,
	`checked_create` integer DEFAULT 0 NOT NULL,
	`checked_match` integer DEFAULT 0 NOT NULL,
	`checked_skip` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`matched` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`preview` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`undone_at` text,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `imports_newest_idx` ON `imports` (`created_at`);--> statement-breakpoint
CREATE INDEX `imports_status_idx` ON `imports` (`status`,`updated_at`);--> statement-breakpoint
ALTER TABLE `donations` ADD `import_id` text;--> statement-breakpoint
CREATE INDEX `donations_import_idx` ON `donations` (`import_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `program_sessions` ADD `location_es` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `import_id` text;--> statement-breakpoint
CREATE INDEX `subscribers_import_idx` ON `subscribers` (`import_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `volunteers` ADD `import_id` text;--> statement-breakpoint
CREATE INDEX `volunteers_import_idx` ON `volunteers` (`import_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `event_registrations_confirmed_created_idx` ON `event_registrations` (`status`,`created_at`);--> statement-breakpoint
-- Hand-written (decision 054, consents per program year): each child's one consent year moves to child_consents before its columns go.
INSERT INTO `child_consents` (`child_id`, `program_year`, `photo_consent`, `confirmed_at`) SELECT `id`, `consent_term`, `photo_consent`, `updated_at` FROM `children` WHERE `participation_consent` = 1 AND `consent_term` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `children` DROP COLUMN `photo_consent`;--> statement-breakpoint
ALTER TABLE `children` DROP COLUMN `participation_consent`;--> statement-breakpoint
ALTER TABLE `children` DROP COLUMN `consent_term`;