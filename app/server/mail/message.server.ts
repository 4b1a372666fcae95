import type { outbox } from "../db/schema";

/** A message as its builder makes it, before the outbox queues it (docs/architecture.md, Outbox). */
export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes, when not to the sender (the team notification answers the visitor). */
  replyTo?: string;
  /** Extra message headers, for example List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
  /** Which message this is, for example "contact.confirmation" (shown in the admin outbox). */
  template: string;
  locale: string;
};

/** One queued message as the transports read it (a row of the outbox table). */
export type QueuedEmail = typeof outbox.$inferSelect;
