CREATE TABLE `file_replacements` (
	`old_key` text PRIMARY KEY NOT NULL,
	`new_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `file_replacements_new_idx` ON `file_replacements` (`new_key`);--> statement-breakpoint
ALTER TABLE `donations` ADD `import_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `donations_import_key_unique` ON `donations` (`import_key`);--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `attribution` text;--> statement-breakpoint
ALTER TABLE `program_sessions` ADD `description_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `program_sessions` ADD `description_es` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `health_data` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `attribution` text;--> statement-breakpoint
CREATE INDEX `submissions_health_key_idx` ON `submissions` (health_data ->> '$.keyId') WHERE health_data IS NOT NULL;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `attribution` text;--> statement-breakpoint
ALTER TABLE `volunteer_clearances` ADD `expiry_notice_for` text;--> statement-breakpoint
CREATE INDEX `attendance_marks_session_mark_idx` ON `attendance_marks` (`session_id`,`mark`);--> statement-breakpoint
-- The inbox search (docs/decisions/057-years-of-data.md): an FTS5 index of each submission's
-- name, e-mail, answers and note, kept by triggers; drizzle-kit cannot express a virtual table,
-- so this is hand SQL appended to the generated migration. The index holds no copy of the text
-- (content='submissions'): it reads the row back by rowid.
CREATE VIRTUAL TABLE `submissions_search` USING fts5(
  name, email, payload, notes,
  content='submissions', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `submissions_search_insert` AFTER INSERT ON `submissions` BEGIN
  INSERT INTO `submissions_search`(rowid, name, email, payload, notes)
  VALUES (new.rowid, new.name, new.email, new.payload, new.notes);
END;
--> statement-breakpoint
CREATE TRIGGER `submissions_search_delete` AFTER DELETE ON `submissions` BEGIN
  INSERT INTO `submissions_search`(`submissions_search`, rowid, name, email, payload, notes)
  VALUES ('delete', old.rowid, old.name, old.email, old.payload, old.notes);
END;
--> statement-breakpoint
CREATE TRIGGER `submissions_search_update` AFTER UPDATE OF name, email, payload, notes ON `submissions` BEGIN
  INSERT INTO `submissions_search`(`submissions_search`, rowid, name, email, payload, notes)
  VALUES ('delete', old.rowid, old.name, old.email, old.payload, old.notes);
  INSERT INTO `submissions_search`(rowid, name, email, payload, notes)
  VALUES (new.rowid, new.name, new.email, new.payload, new.notes);
END;
--> statement-breakpoint
INSERT INTO `submissions_search`(`submissions_search`) VALUES ('rebuild');
