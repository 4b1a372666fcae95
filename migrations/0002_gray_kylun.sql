CREATE TABLE `submission_history` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`subject` text,
	`outbox_id` text,
	`user_id` text,
	`user_name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `submission_history_submission_idx` ON `submission_history` (`submission_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `submissions` ADD `assigned_to` text REFERENCES users(id);