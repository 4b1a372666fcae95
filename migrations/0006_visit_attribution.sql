ALTER TABLE `event_registrations` ADD `attribution` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `attribution` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `attribution` text;