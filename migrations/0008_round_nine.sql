-- The gifts list's search (docs/decisions/057-years-of-data.md, round nine): an FTS5 index of each
-- gift's donor name and e-mail, kept by triggers, as the inbox's `submissions_search` is;
-- drizzle-kit cannot express a virtual table, so this is hand SQL appended to the generated
-- migration. The index holds no copy of the text (content='donations'): it reads the row back by
-- rowid. The last statement fills it from the gifts already recorded.
CREATE VIRTUAL TABLE `donations_search` USING fts5(
  donor_name, donor_email,
  content='donations', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `donations_search_insert` AFTER INSERT ON `donations` BEGIN
  INSERT INTO `donations_search`(rowid, donor_name, donor_email)
  VALUES (new.rowid, new.donor_name, new.donor_email);
END;
--> statement-breakpoint
CREATE TRIGGER `donations_search_delete` AFTER DELETE ON `donations` BEGIN
  INSERT INTO `donations_search`(`donations_search`, rowid, donor_name, donor_email)
  VALUES ('delete', old.rowid, old.donor_name, old.donor_email);
END;
--> statement-breakpoint
CREATE TRIGGER `donations_search_update` AFTER UPDATE OF donor_name, donor_email ON `donations` BEGIN
  INSERT INTO `donations_search`(`donations_search`, rowid, donor_name, donor_email)
  VALUES ('delete', old.rowid, old.donor_name, old.donor_email);
  INSERT INTO `donations_search`(rowid, donor_name, donor_email)
  VALUES (new.rowid, new.donor_name, new.donor_email);
END;
--> statement-breakpoint
INSERT INTO `donations_search`(`donations_search`) VALUES ('rebuild');
