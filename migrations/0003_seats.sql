ALTER TABLE `event_registrations` ADD `holder` text;--> statement-breakpoint
CREATE INDEX `event_registrations_email_idx` ON `event_registrations` (`event_slug`,`email`);--> statement-breakpoint
CREATE INDEX `event_registrations_holder_idx` ON `event_registrations` (`holder`,`hold_expires_at`);