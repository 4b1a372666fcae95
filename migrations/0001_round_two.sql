CREATE TABLE `payment_adjustments` (
	`payment_key` text PRIMARY KEY NOT NULL,
	`stripe_charge_id` text,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`refunded_in_full` integer DEFAULT false NOT NULL,
	`refunded_at` text,
	`dispute_status` text,
	`stripe_dispute_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `donations` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `donations` ADD `dispute_status` text;--> statement-breakpoint
ALTER TABLE `donations` ADD `stripe_dispute_id` text;--> statement-breakpoint
CREATE INDEX `donations_charge_idx` ON `donations` (`stripe_charge_id`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `reply_to` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `lease_until` text;--> statement-breakpoint
ALTER TABLE `recurring_gifts` ADD `cancel_at_period_end` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `recurring_gifts` ADD `stripe_synced_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` text;