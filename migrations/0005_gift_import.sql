ALTER TABLE `donations` ADD `import_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `donations_import_key_unique` ON `donations` (`import_key`);