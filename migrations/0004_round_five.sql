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
CREATE TABLE `copy_reviews` (
	`locale` text NOT NULL,
	`namespace` text NOT NULL,
	`key` text NOT NULL,
	`changed_by_name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`locale`, `namespace`, `key`)
);
--> statement-breakpoint
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
CREATE TABLE `pledges` (
	`id` text PRIMARY KEY NOT NULL,
	`donor_name` text NOT NULL,
	`donor_email` text NOT NULL,
	`locale` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`instalments` integer NOT NULL,
	`interval_months` integer NOT NULL,
	`first_due_on` text NOT NULL,
	`remind` integer DEFAULT false NOT NULL,
	`note` text,
	`canceled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pledges_email_idx` ON `pledges` (`donor_email`);--> statement-breakpoint
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
CREATE INDEX `program_sessions_program_idx` ON `program_sessions` (`program`,`status`,`start_date`);--> statement-breakpoint
CREATE TABLE `soft_credits` (
	`id` text PRIMARY KEY NOT NULL,
	`donation_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`donation_id`) REFERENCES `donations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `soft_credits_gift_email_idx` ON `soft_credits` (`donation_id`,`email`);--> statement-breakpoint
CREATE INDEX `soft_credits_email_idx` ON `soft_credits` (`email`);--> statement-breakpoint
CREATE TABLE `staff_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`locale` text NOT NULL,
	`invited_by` text,
	`sent_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `staff_invites_email_idx` ON `staff_invites` (`email`);--> statement-breakpoint
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
CREATE INDEX `volunteers_user_idx` ON `volunteers` (`user_id`);--> statement-breakpoint
ALTER TABLE `content_entries` ADD `publish_at` text;--> statement-breakpoint
CREATE INDEX `content_entries_publish_idx` ON `content_entries` (`status`,`publish_at`);--> statement-breakpoint
ALTER TABLE `donation_attempts` ADD `attribution` text;--> statement-breakpoint
ALTER TABLE `donations` ADD `method` text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE `donations` ADD `check_number` text;--> statement-breakpoint
ALTER TABLE `donations` ADD `daf_sponsor` text;--> statement-breakpoint
ALTER TABLE `donations` ADD `designation` text;--> statement-breakpoint
ALTER TABLE `donations` ADD `note` text;--> statement-breakpoint
ALTER TABLE `donations` ADD `in_kind_description` text;--> statement-breakpoint
ALTER TABLE `donations` ADD `estimate_cents` integer;--> statement-breakpoint
ALTER TABLE `donations` ADD `pledge_id` text REFERENCES pledges(id);--> statement-breakpoint
ALTER TABLE `donations` ADD `recorded_by` text REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `donations_pledge_idx` ON `donations` (`pledge_id`);--> statement-breakpoint
CREATE INDEX `donations_recurring_first_idx` ON `donations` (`recurring_gift_id`,`attempt_id`);--> statement-breakpoint
CREATE INDEX `donations_campaign_progress_idx` ON `donations` (`paid_at`);--> statement-breakpoint
CREATE INDEX `donations_gift_date_idx` ON `donations` ((case when paid_at is null then created_at else paid_at end),`id`);--> statement-breakpoint
CREATE INDEX `donations_frequency_gift_date_idx` ON `donations` (`frequency`,(case when paid_at is null then created_at else paid_at end),`id`);--> statement-breakpoint
CREATE INDEX `audit_log_user_idx` ON `audit_log` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_id`,`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_kind_idx` ON `audit_log` (`target_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `event_registrations_payment_idx` ON `event_registrations` (`kind`,`stripe_payment_intent_id`);--> statement-breakpoint
CREATE INDEX `outbox_newest_idx` ON `outbox` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_recipient_idx` ON `outbox` (lower("to"),`created_at`);--> statement-breakpoint
CREATE INDEX `recurring_gifts_newest_idx` ON `recurring_gifts` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `recurring_gifts_donor_idx` ON `recurring_gifts` (lower(donor_email));--> statement-breakpoint
CREATE INDEX `recurring_gifts_status_idx` ON `recurring_gifts` (`status`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `submissions_newest_idx` ON `submissions` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `submissions_kind_newest_idx` ON `submissions` (`kind`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `submissions_status_newest_idx` ON `submissions` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `submissions_assigned_newest_idx` ON `submissions` (`assigned_to`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `subscribers_newest_idx` ON `subscribers` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `subscribers_status_newest_idx` ON `subscribers` (`status`,`created_at`,`id`);