CREATE TABLE `volunteer_clearances` (
	`volunteer_id` text NOT NULL,
	`kind` text NOT NULL,
	`cleared_on` text NOT NULL,
	`expires_on` text,
	`recorded_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`volunteer_id`, `kind`),
	FOREIGN KEY (`volunteer_id`) REFERENCES `volunteers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `volunteer_clearances_expiry_idx` ON `volunteer_clearances` (`expires_on`);--> statement-breakpoint
CREATE TABLE `volunteer_shifts` (
	`id` text PRIMARY KEY NOT NULL,
	`role_slug` text NOT NULL,
	`series_id` text,
	`title_en` text NOT NULL,
	`title_es` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`place` text NOT NULL,
	`capacity` integer NOT NULL,
	`required_clearances` text NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `volunteer_shifts_role_idx` ON `volunteer_shifts` (`role_slug`,`starts_at`);--> statement-breakpoint
CREATE INDEX `volunteer_shifts_start_idx` ON `volunteer_shifts` (`starts_at`);--> statement-breakpoint
CREATE INDEX `volunteer_shifts_series_idx` ON `volunteer_shifts` (`series_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `volunteer_signups` (
	`id` text PRIMARY KEY NOT NULL,
	`shift_id` text NOT NULL,
	`volunteer_id` text NOT NULL,
	`status` text NOT NULL,
	`checked_in_at` text,
	`checked_out_at` text,
	`reminded_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`shift_id`) REFERENCES `volunteer_shifts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`volunteer_id`) REFERENCES `volunteers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `volunteer_signups_shift_volunteer_idx` ON `volunteer_signups` (`shift_id`,`volunteer_id`);--> statement-breakpoint
CREATE INDEX `volunteer_signups_shift_idx` ON `volunteer_signups` (`shift_id`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `volunteer_signups_volunteer_idx` ON `volunteer_signups` (`volunteer_id`,`status`);--> statement-breakpoint
CREATE TABLE `volunteers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`phone` text,
	`locale` text NOT NULL,
	`submission_id` text,
	`user_id` text,
	`age` integer,
	`guardian_email` text,
	`guardian_consent_at` text,
	`accepted_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `volunteers_email_unique` ON `volunteers` (`email`);--> statement-breakpoint
CREATE INDEX `volunteers_user_idx` ON `volunteers` (`user_id`);