CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_id`,`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `donations_recurring_first_idx` ON `donations` (`recurring_gift_id`,`attempt_id`);--> statement-breakpoint
CREATE INDEX `donations_campaign_progress_idx` ON `donations` (`paid_at`);--> statement-breakpoint
CREATE INDEX `donations_gift_date_idx` ON `donations` ((case when paid_at is null then created_at else paid_at end),`id`);--> statement-breakpoint
CREATE INDEX `donations_frequency_gift_date_idx` ON `donations` (`frequency`,(case when paid_at is null then created_at else paid_at end),`id`);--> statement-breakpoint
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