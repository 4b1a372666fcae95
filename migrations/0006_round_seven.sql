CREATE TABLE `child_consents` (
	`child_id` text NOT NULL,
	`program_year` text NOT NULL,
	`photo_consent` integer DEFAULT false NOT NULL,
	`confirmed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`child_id`, `program_year`),
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `program_sessions` ADD `location_es` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `event_registrations_confirmed_created_idx` ON `event_registrations` (`status`,`created_at`);--> statement-breakpoint
-- Hand-written (decision 054, consents per program year): each child's one consent year moves to child_consents before its columns go.
INSERT INTO `child_consents` (`child_id`, `program_year`, `photo_consent`, `confirmed_at`) SELECT `id`, `consent_term`, `photo_consent`, `updated_at` FROM `children` WHERE `participation_consent` = 1 AND `consent_term` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `children` DROP COLUMN `photo_consent`;--> statement-breakpoint
ALTER TABLE `children` DROP COLUMN `participation_consent`;--> statement-breakpoint
ALTER TABLE `children` DROP COLUMN `consent_term`;