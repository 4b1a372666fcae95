CREATE TABLE `attendance_marks` (
	`session_id` text NOT NULL,
	`child_id` text NOT NULL,
	`meeting_date` text NOT NULL,
	`mark` text NOT NULL,
	`marked_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`session_id`, `meeting_date`, `child_id`),
	FOREIGN KEY (`session_id`) REFERENCES `program_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`marked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `child_health_records` (
	`child_id` text PRIMARY KEY NOT NULL,
	`key_id` text NOT NULL,
	`ciphertext` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `child_health_records_key_idx` ON `child_health_records` (`key_id`);--> statement-breakpoint
CREATE TABLE `children` (
	`id` text PRIMARY KEY NOT NULL,
	`guardian_id` text NOT NULL,
	`name` text NOT NULL,
	`birth_date` text NOT NULL,
	`grade` integer NOT NULL,
	`school` text DEFAULT '' NOT NULL,
	`photo_consent` integer DEFAULT false NOT NULL,
	`participation_consent` integer DEFAULT false NOT NULL,
	`consent_term` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`guardian_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `children_guardian_idx` ON `children` (`guardian_id`);--> statement-breakpoint
CREATE TABLE `enrolments` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`child_id` text NOT NULL,
	`status` text NOT NULL,
	`waitlist_position` integer,
	`offered_at` text,
	`offer_expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `program_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrolments_live_idx` ON `enrolments` (`session_id`,`child_id`) WHERE status IN ('enrolled', 'pending', 'waitlisted', 'offered');--> statement-breakpoint
CREATE INDEX `enrolments_session_idx` ON `enrolments` (`session_id`,`status`,`waitlist_position`);--> statement-breakpoint
CREATE INDEX `enrolments_offer_idx` ON `enrolments` (`status`,`offer_expires_at`);--> statement-breakpoint
CREATE INDEX `enrolments_child_idx` ON `enrolments` (`child_id`);--> statement-breakpoint
CREATE TABLE `program_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`program` text NOT NULL,
	`title_en` text NOT NULL,
	`title_es` text NOT NULL,
	`term` text NOT NULL,
	`weekdays` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`location` text NOT NULL,
	`min_age` integer NOT NULL,
	`max_age` integer NOT NULL,
	`min_grade` integer NOT NULL,
	`max_grade` integer NOT NULL,
	`capacity` integer NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`scholarship` integer DEFAULT false NOT NULL,
	`needs_approval` integer DEFAULT false NOT NULL,
	`offer_hours` integer DEFAULT 48 NOT NULL,
	`health_retention_days` integer DEFAULT 90 NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `program_sessions_program_idx` ON `program_sessions` (`program`,`status`,`start_date`);