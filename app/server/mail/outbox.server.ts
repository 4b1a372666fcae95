import { and, eq, inArray, lte } from "drizzle-orm";
import { getDb, type Db } from "../db/client.server";
import { outbox } from "../db/schema";
import { logError } from "../log.server";
import { safeHeaders } from "./headers.server";
import { getMailTransport } from "./transport.server";

export type OutboxRow = typeof outbox.$inferSelect;
export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which message this is, for example "contact.confirmation" (shown in the admin outbox). */
  template: string;
  locale: string;
};

/** After this many failed attempts a message stays "failed" until an admin retries it. */
export const MAX_ATTEMPTS = 8;

/** Minutes to wait before the next attempt: 1, 2, 4 … capped at six hours. */
export function retryDelayMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 360);
}

/**
 * The insert for one message, to run in the same `db.batch([...])` as the record it belongs
 * to, so a submission is never stored without its mail (ARCHITECTURE.md, outbox). Every
 * message passes here, so this is where header values lose their line breaks (decision 014).
 */
export function queueEmail(db: Db, email: OutgoingEmail, id: string = crypto.randomUUID()) {
  return db.insert(outbox).values({ id, ...safeHeaders(email) });
}

/**
 * Sends what is due: the given messages (right after a request, in waitUntil), or every
 * pending message whose next attempt has come (the Cron Trigger). Never throws.
 */
export async function deliverOutbox(env: Env, options: { ids?: string[]; limit?: number } = {}) {
  const db = getDb(env);
  const now = new Date();
  const due = await db
    .select()
    .from(outbox)
    .where(
      options.ids
        ? and(inArray(outbox.id, options.ids), eq(outbox.status, "pending"))
        : and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now.toISOString())),
    )
    .limit(options.limit ?? 50);

  const transport = getMailTransport(env);
  let sent = 0;
  for (const message of due) {
    try {
      await transport(message, env);
      await db
        .update(outbox)
        .set({
          status: "sent",
          sentAt: new Date().toISOString(),
          attempts: message.attempts + 1,
          lastError: null,
        })
        .where(eq(outbox.id, message.id));
      sent++;
    } catch (error) {
      const attempts = message.attempts + 1;
      const next = new Date(Date.now() + retryDelayMinutes(attempts) * 60_000);
      await db
        .update(outbox)
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          nextAttemptAt: next.toISOString(),
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        })
        .where(eq(outbox.id, message.id));
      logError(error, { outboxId: message.id, template: message.template });
    }
  }
  return { attempted: due.length, sent };
}

/** An admin's retry: the message becomes due now, with its attempts kept for the record. */
export async function retryOutboxMessage(env: Env, id: string) {
  await getDb(env)
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: new Date().toISOString() })
    .where(eq(outbox.id, id));
  return deliverOutbox(env, { ids: [id] });
}
