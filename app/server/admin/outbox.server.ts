import { count, eq } from "drizzle-orm";
import * as v from "valibot";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { outbox } from "../db/schema";
import { OUTBOX_STATUSES } from "~/lib/vocabulary";
import { retryFailedOutbox, retryOutboxMessage } from "../mail/outbox.server";
import { mailHeldReason } from "../mail/transport.server";
import { fieldChanges, auditEntry } from "../records/audit.server";
import { choiceFilter, listQuery, newestFirstPage } from "../records/list.server";

const OutboxFiltersSchema = v.object({ status: choiceFilter(OUTBOX_STATUSES) });

/**
 * What the outbox page shows: a page of the list, how many messages failed past the fast retries,
 * and why mail is held, if it is.
 */
export async function outboxPage(env: Env, url: URL) {
  return {
    list: await listOutbox(env, url),
    failed: await countFailedOutbox(env),
    held: mailHeldReason(env),
  };
}

/** The list leaves out the bodies: reset links and receipts are not for reading over shoulders. */
async function listOutbox(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  const query = listQuery(OutboxFiltersSchema, url);
  const condition = query.filters.status ? eq(outbox.status, query.filters.status) : undefined;
  return newestFirstPage(db, query, {
    table: outbox,
    where: condition,
    rows: db
      .select({
        id: outbox.id,
        to: outbox.to,
        subject: outbox.subject,
        template: outbox.template,
        locale: outbox.locale,
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        nextAttemptAt: outbox.nextAttemptAt,
        sentAt: outbox.sentAt,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .$dynamic(),
  });
}

/** How many messages the provider has refused past the fast retries (shown above the list). */
export async function countFailedOutbox(env: Pick<Env, "DB">): Promise<number> {
  const [row] = await getDb(env).select({ value: count() }).from(outbox).where(eq(outbox.status, "failed"));
  return row?.value ?? 0;
}

export async function adminRetryOutbox(env: Env, admin: SessionUser, id: string) {
  const db = getDb(env);
  const [row] = await db
    .select({ status: outbox.status, template: outbox.template })
    .from(outbox)
    .where(eq(outbox.id, id));
  if (!row || row.status === "sent") return null;
  await db.batch([
    auditEntry(db, admin, {
      action: "outbox.retry",
      targetType: "outbox",
      targetId: id,
      detail: { template: row.template, changes: fieldChanges(row, { status: "pending" }) },
    }),
  ]);
  return retryOutboxMessage(env, id);
}

/**
 * "Retry all" (after a provider outage, for example): every failed message is due again now and
 * the next Cron run sends it; returns how many. The request sends none (decision 045).
 */
export async function adminRetryAllFailed(env: Env, admin: SessionUser): Promise<number> {
  const db = getDb(env);
  const failed = await countFailedOutbox(env);
  await db.batch([
    auditEntry(db, admin, {
      action: "outbox.retry-all",
      targetType: "outbox",
      targetId: null,
      detail: { failed },
    }),
  ]);
  return retryFailedOutbox(env);
}
