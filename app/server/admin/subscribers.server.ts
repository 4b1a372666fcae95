import { and, count, desc, eq, ne } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { subscribers } from "../db/schema";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "~/lib/vocabulary";
import { fieldChanges, recordExport } from "./audit.server";
import { auditEntry, contains, pageOf, PAGE_SIZE } from "./common.server";
import { toCsv } from "./csv.server";

type SubscriberFilters = { status?: SubscriberStatus; q?: string; page: number };

export function subscriberFiltersFromUrl(url: URL, page: number): SubscriberFilters {
  const status = url.searchParams.get("status");
  const q = url.searchParams.get("q")?.trim().slice(0, 200);
  return {
    status: (SUBSCRIBER_STATUSES as readonly unknown[]).includes(status)
      ? (status as SubscriberStatus)
      : undefined,
    q: q || undefined,
    page,
  };
}

const where = (filters: Omit<SubscriberFilters, "page">) =>
  and(
    filters.status ? eq(subscribers.status, filters.status) : undefined,
    filters.q ? contains(subscribers.email, filters.q) : undefined,
  );

export async function listSubscribers(env: Pick<Env, "DB">, filters: SubscriberFilters) {
  const db = getDb(env);
  const condition = where(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subscribers)
      .where(condition)
      .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    db.select({ value: count() }).from(subscribers).where(condition),
  ]);
  return pageOf(
    rows.map(({ confirmTokenHash: _hidden, ...row }) => row),
    total?.value ?? 0,
    filters.page,
  );
}

/** The list's filters as a file; the export is audited. */
export async function subscribersCsv(
  env: Pick<Env, "DB">,
  admin: SessionUser,
  filters: Omit<SubscriberFilters, "page">,
) {
  const rows = await getDb(env)
    .select()
    .from(subscribers)
    .where(where(filters))
    .orderBy(desc(subscribers.createdAt));
  await recordExport(env, admin, { export: "subscribers", filters, rows: rows.length });
  return toCsv(
    ["email", "status", "locale", "source", "created_at", "confirmed_at", "unsubscribed_at"],
    rows.map((row) => [
      row.email,
      row.status,
      row.locale,
      row.source,
      row.createdAt,
      row.confirmedAt,
      row.unsubscribedAt,
    ]),
  );
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

/** The person's own choice on /account. */
export async function selfUnsubscribe(env: Pick<Env, "DB">, email: string) {
  await getDb(env)
    .update(subscribers)
    .set({ status: "unsubscribed", unsubscribedAt: new Date().toISOString(), confirmTokenHash: null })
    .where(and(eq(subscribers.email, email), ne(subscribers.status, "unsubscribed")));
}
