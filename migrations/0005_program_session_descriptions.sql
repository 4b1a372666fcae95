ALTER TABLE `program_sessions` ADD `description_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `program_sessions` ADD `description_es` text DEFAULT '' NOT NULL;