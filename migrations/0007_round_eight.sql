CREATE TABLE `gift_totals` (
	`frequency` text NOT NULL,
	`status` text NOT NULL,
	`campaign` text NOT NULL,
	`gifts` integer DEFAULT 0 NOT NULL,
	`counted_gifts` integer DEFAULT 0 NOT NULL,
	`counted_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`frequency`, `status`, `campaign`)
);
--> statement-breakpoint
CREATE INDEX `donations_status_gift_date_idx` ON `donations` (`status`,(case when paid_at is null then created_at else paid_at end),`id`);--> statement-breakpoint
CREATE INDEX `event_registrations_ticket_totals_idx` ON `event_registrations` (`kind`,`status`,`event_slug`);--> statement-breakpoint
CREATE INDEX `event_registrations_seats_idx` ON `event_registrations` (`event_slug`,`status`,`hold_expires_at`,`quantity`,`id`);--> statement-breakpoint
CREATE INDEX `program_sessions_term_idx` ON `program_sessions` (`term`,`start_date`);--> statement-breakpoint
CREATE INDEX `volunteers_newest_idx` ON `volunteers` (`created_at`);--> statement-breakpoint
-- The gift list's totals kept as gifts are written (docs/decisions/057-years-of-data.md, round
-- eight): drizzle-kit cannot express a trigger, so this is hand SQL appended to the generated
-- migration. Every write of a gift, whichever module makes it, moves its row's share in the same
-- statement: out of the totals as it was, into them as it is. What a gift counts for is the one
-- rule of app/server/donations/ledger.server.ts (`countsInTotals`), its campaign that of
-- `attemptIdOf` (a renewal's is its first payment's).
CREATE TRIGGER `gift_totals_insert` AFTER INSERT ON `donations` BEGIN
  INSERT INTO `gift_totals` (frequency, status, campaign, gifts, counted_gifts, counted_cents)
  VALUES (new.frequency, new.status, coalesce((
      SELECT json_extract(a.attribution, '$.utm_campaign') FROM donation_attempts a
      WHERE a.id = coalesce(new.attempt_id, (
        SELECT f.attempt_id FROM donations f
        WHERE f.recurring_gift_id = new.recurring_gift_id AND f.attempt_id IS NOT NULL LIMIT 1))
    ), ''), 1, (new.status = 'succeeded' AND (new.dispute_status IS NULL OR new.dispute_status NOT IN ('open', 'lost')) AND new.amount_cents > new.refunded_cents),
    (new.status = 'succeeded' AND (new.dispute_status IS NULL OR new.dispute_status NOT IN ('open', 'lost')) AND new.amount_cents > new.refunded_cents) * (new.amount_cents - new.refunded_cents))
  ON CONFLICT (frequency, status, campaign) DO UPDATE SET
    gifts = gifts + excluded.gifts,
    counted_gifts = counted_gifts + excluded.counted_gifts,
    counted_cents = counted_cents + excluded.counted_cents;
END;
--> statement-breakpoint
CREATE TRIGGER `gift_totals_delete` AFTER DELETE ON `donations` BEGIN
  INSERT INTO `gift_totals` (frequency, status, campaign, gifts, counted_gifts, counted_cents)
  VALUES (old.frequency, old.status, coalesce((
      SELECT json_extract(a.attribution, '$.utm_campaign') FROM donation_attempts a
      WHERE a.id = coalesce(old.attempt_id, (
        SELECT f.attempt_id FROM donations f
        WHERE f.recurring_gift_id = old.recurring_gift_id AND f.attempt_id IS NOT NULL LIMIT 1))
    ), ''), -1, -(old.status = 'succeeded' AND (old.dispute_status IS NULL OR old.dispute_status NOT IN ('open', 'lost')) AND old.amount_cents > old.refunded_cents),
    -(old.status = 'succeeded' AND (old.dispute_status IS NULL OR old.dispute_status NOT IN ('open', 'lost')) AND old.amount_cents > old.refunded_cents) * (old.amount_cents - old.refunded_cents))
  ON CONFLICT (frequency, status, campaign) DO UPDATE SET
    gifts = gifts + excluded.gifts,
    counted_gifts = counted_gifts + excluded.counted_gifts,
    counted_cents = counted_cents + excluded.counted_cents;
END;
--> statement-breakpoint
CREATE TRIGGER `gift_totals_update` AFTER UPDATE ON `donations` BEGIN
  INSERT INTO `gift_totals` (frequency, status, campaign, gifts, counted_gifts, counted_cents)
  VALUES (old.frequency, old.status, coalesce((
      SELECT json_extract(a.attribution, '$.utm_campaign') FROM donation_attempts a
      WHERE a.id = coalesce(old.attempt_id, (
        SELECT f.attempt_id FROM donations f
        WHERE f.recurring_gift_id = old.recurring_gift_id AND f.attempt_id IS NOT NULL LIMIT 1))
    ), ''), -1, -(old.status = 'succeeded' AND (old.dispute_status IS NULL OR old.dispute_status NOT IN ('open', 'lost')) AND old.amount_cents > old.refunded_cents),
    -(old.status = 'succeeded' AND (old.dispute_status IS NULL OR old.dispute_status NOT IN ('open', 'lost')) AND old.amount_cents > old.refunded_cents) * (old.amount_cents - old.refunded_cents))
  ON CONFLICT (frequency, status, campaign) DO UPDATE SET
    gifts = gifts + excluded.gifts,
    counted_gifts = counted_gifts + excluded.counted_gifts,
    counted_cents = counted_cents + excluded.counted_cents;
  INSERT INTO `gift_totals` (frequency, status, campaign, gifts, counted_gifts, counted_cents)
  VALUES (new.frequency, new.status, coalesce((
      SELECT json_extract(a.attribution, '$.utm_campaign') FROM donation_attempts a
      WHERE a.id = coalesce(new.attempt_id, (
        SELECT f.attempt_id FROM donations f
        WHERE f.recurring_gift_id = new.recurring_gift_id AND f.attempt_id IS NOT NULL LIMIT 1))
    ), ''), 1, (new.status = 'succeeded' AND (new.dispute_status IS NULL OR new.dispute_status NOT IN ('open', 'lost')) AND new.amount_cents > new.refunded_cents),
    (new.status = 'succeeded' AND (new.dispute_status IS NULL OR new.dispute_status NOT IN ('open', 'lost')) AND new.amount_cents > new.refunded_cents) * (new.amount_cents - new.refunded_cents))
  ON CONFLICT (frequency, status, campaign) DO UPDATE SET
    gifts = gifts + excluded.gifts,
    counted_gifts = counted_gifts + excluded.counted_gifts,
    counted_cents = counted_cents + excluded.counted_cents;
END;
--> statement-breakpoint
-- A monthly gift's first payment recorded after one of its renewals (its event delivered late):
-- the renewals counted under no campaign now count under the first payment's.
CREATE TRIGGER `gift_totals_first_payment` AFTER INSERT ON `donations`
WHEN new.recurring_gift_id IS NOT NULL AND new.attempt_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM donations f
  WHERE f.recurring_gift_id = new.recurring_gift_id AND f.attempt_id IS NOT NULL AND f.id <> new.id
) BEGIN
  INSERT INTO `gift_totals` (frequency, status, campaign, gifts, counted_gifts, counted_cents)
  SELECT r.frequency, r.status, '', -count(*), -sum((r.status = 'succeeded' AND (r.dispute_status IS NULL OR r.dispute_status NOT IN ('open', 'lost')) AND r.amount_cents > r.refunded_cents)),
    -sum((r.status = 'succeeded' AND (r.dispute_status IS NULL OR r.dispute_status NOT IN ('open', 'lost')) AND r.amount_cents > r.refunded_cents) * (r.amount_cents - r.refunded_cents))
  FROM donations r WHERE r.recurring_gift_id = new.recurring_gift_id AND r.attempt_id IS NULL
  GROUP BY r.frequency, r.status
  ON CONFLICT (frequency, status, campaign) DO UPDATE SET
    gifts = gifts + excluded.gifts,
    counted_gifts = counted_gifts + excluded.counted_gifts,
    counted_cents = counted_cents + excluded.counted_cents;
  INSERT INTO `gift_totals` (frequency, status, campaign, gifts, counted_gifts, counted_cents)
  SELECT r.frequency, r.status, coalesce((
      SELECT json_extract(a.attribution, '$.utm_campaign') FROM donation_attempts a
      WHERE a.id = coalesce(new.attempt_id, (
        SELECT f.attempt_id FROM donations f
        WHERE f.recurring_gift_id = new.recurring_gift_id AND f.attempt_id IS NOT NULL LIMIT 1))
    ), ''), count(*), sum((r.status = 'succeeded' AND (r.dispute_status IS NULL OR r.dispute_status NOT IN ('open', 'lost')) AND r.amount_cents > r.refunded_cents)),
    sum((r.status = 'succeeded' AND (r.dispute_status IS NULL OR r.dispute_status NOT IN ('open', 'lost')) AND r.amount_cents > r.refunded_cents) * (r.amount_cents - r.refunded_cents))
  FROM donations r WHERE r.recurring_gift_id = new.recurring_gift_id AND r.attempt_id IS NULL
  GROUP BY r.frequency, r.status
  ON CONFLICT (frequency, status, campaign) DO UPDATE SET
    gifts = gifts + excluded.gifts,
    counted_gifts = counted_gifts + excluded.counted_gifts,
    counted_cents = counted_cents + excluded.counted_cents;
END;
--> statement-breakpoint
-- The gifts already recorded.
INSERT INTO `gift_totals` (frequency, status, campaign, gifts, counted_gifts, counted_cents)
SELECT d.frequency, d.status, coalesce((
      SELECT json_extract(a.attribution, '$.utm_campaign') FROM donation_attempts a
      WHERE a.id = coalesce(d.attempt_id, (
        SELECT f.attempt_id FROM donations f
        WHERE f.recurring_gift_id = d.recurring_gift_id AND f.attempt_id IS NOT NULL LIMIT 1))
    ), ''), count(*), sum((d.status = 'succeeded' AND (d.dispute_status IS NULL OR d.dispute_status NOT IN ('open', 'lost')) AND d.amount_cents > d.refunded_cents)),
  sum((d.status = 'succeeded' AND (d.dispute_status IS NULL OR d.dispute_status NOT IN ('open', 'lost')) AND d.amount_cents > d.refunded_cents) * (d.amount_cents - d.refunded_cents))
FROM donations d
GROUP BY 1, 2, 3;
