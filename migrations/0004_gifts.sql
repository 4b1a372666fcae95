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
CREATE INDEX `donations_pledge_idx` ON `donations` (`pledge_id`);