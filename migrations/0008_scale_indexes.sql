CREATE INDEX `event_registrations_ticket_totals_idx` ON `event_registrations` (`kind`,`status`,`event_slug`);--> statement-breakpoint
CREATE INDEX `event_registrations_seats_idx` ON `event_registrations` (`event_slug`,`status`,`hold_expires_at`,`quantity`,`id`);--> statement-breakpoint
CREATE INDEX `volunteers_newest_idx` ON `volunteers` (`created_at`);