import { and, count, eq, ne } from "drizzle-orm";
import { ATTRIBUTION_KEYS, attributionCells } from "~/lib/attribution";
import * as v from "valibot";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { subscribers } from "../db/schema";
import { SUBSCRIBER_STATUSES } from "~/lib/vocabulary";
import { auditedTableCsv, auditEntry, fieldChanges } from "../records/audit.server";
import { csvTime } from "../records/csv.server";
import { choiceFilter, listQuery, newestFirstPage, searchFilter, contains } from "../records/list.server";

export const SubscriberFiltersSchema = v.object({
  status: choiceFilter(SUBSCRIBER_STATUSES),
  q: searchFilter,
});
type SubscriberFilters = v.InferOutput<typeof SubscriberFiltersSchema>;

const where = (filters: SubscriberFilters) =>
  and(
    filters.status ? eq(subscribers.status, filters.status) : undefined,
    filters.q ? contains(subscribers.email, filters.q) : undefined,
  );

export async function listSubscribers(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  const query = listQuery(SubscriberFiltersSchema, url);
  const condition = where(query.filters);
  const list = await newestFirstPage(db, query, {
    table: subscribers,
    where: condition,
    rows: db.select().from(subscribers).$dynamic(),
  });
  return { ...list, rows: list.rows.map(({ confirmTokenHash: _hidden, ...row }) => row) };
}

/**
 * The list's filters as a file, newest first, streamed a page at a time (decision 057). The
 * export is audited with its row count before the first byte leaves (decision 014).
 */
export async function subscribersCsv(env: Pick<Env, "DB">, admin: SessionUser, filters: SubscriberFilters) {
  const db = getDb(env);
  return auditedTableCsv(env, admin, {
    export: "subscribers",
    filters,
    table: subscribers,
    where: where(filters),
    select: () => db.select().from(subscribers).$dynamic(),
    order: "desc",
    keys: [subscribers.createdAt, subscribers.id],
    header: [
      "email",
      "status",
      "locale",
      "source",
      "created_at",
      "confirmed_at",
      "unsubscribed_at",
      ...ATTRIBUTION_KEYS,
    ],
    keyOf: (row) => [row.createdAt, row.id],
    cells: (rows) =>
      rows.map((row) => [
        row.email,
        row.status,
        row.locale,
        row.source,
        csvTime(row.createdAt),
        csvTime(row.confirmedAt),
        csvTime(row.unsubscribedAt),
        ...attributionCells(row.attribution),
      ]),
  });
}

export async function subscriberCounts(env: Pick<Env, "DB">) {
  const rows = await getDb(env)
    .select({ status: subscribers.status, value: count() })
    .from(subscribers)
    .groupBy(subscribers.status);
  const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.value]));
  return {
    confirmed: byStatus.confirmed ?? 0,
    pending: byStatus.pending ?? 0,
    unsubscribed: byStatus.unsubscribed ?? 0,
  };
}

/** An admin unsubscribes someone (for example on request by phone). */
export async function adminUnsubscribe(env: Pick<Env, "DB">, admin: SessionUser, id: string) {
  const db = getDb(env);
  const now = new Date().toISOString();
  const [before] = await db
    .select({
      email: subscribers.email,
      status: subscribers.status,
      unsubscribedAt: subscribers.unsubscribedAt,
    })
    .from(subscribers)
    .where(eq(subscribers.id, id));
  if (!before || before.status === "unsubscribed") return false;
  const [, updated] = await db.batch([
    auditEntry(db, admin, {
      action: "subscriber.unsubscribe",
      targetType: "subscriber",
      targetId: id,
      detail: {
        email: before.email,
        changes: fieldChanges(before, { status: "unsubscribed", unsubscribedAt: now }),
      },
    }),
    db
      .update(subscribers)
      .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null })
      .where(and(eq(subscribers.id, id), ne(subscribers.status, "unsubscribed")))
      .returning({ id: subscribers.id }),
  ]);
  return updated.length > 0;
}
