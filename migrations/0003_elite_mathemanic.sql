CREATE TABLE `event_registrations` (
	`id` text PRIMARY KEY NOT NULL,
	`event_slug` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`locale` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer DEFAULT 0 NOT NULL,
	`unit_value_cents` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`hold_expires_at` text,
	`stripe_checkout_session_id` text,
	`stripe_payment_intent_id` text,
	`confirmed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_registrations_stripe_checkout_session_id_unique` ON `event_registrations` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE INDEX `event_registrations_event_idx` ON `event_registrations` (`event_slug`,`status`);--> statement-breakpoint
ALTER TABLE `donation_attempts` ADD `recovery_consent` integer DEFAULT false NOT NULL;