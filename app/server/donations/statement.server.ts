import { and, asc, eq, gte, lt } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { donations } from "../db/schema";
import { queueEmail } from "../mail/outbox.server";
import { buildStatementEmail } from "./receipts.server";
import { countsInTotals, netCents } from "./ledger.server";

/**
 * A year's gifts for one address, each at what it counts for (net of refunds; refunded,
 * failed and disputed payments left out: decision 017).
 */
export async function giftsForYear(env: Pick<Env, "DB">, email: string, year: number) {
  return getDb(env)
    .select({
      paidAt: donations.paidAt,
      amountCents: netCents,
      currency: donations.currency,
      frequency: donations.frequency,
      locale: donations.locale,
    })
    .from(donations)
    .where(
      and(
        eq(donations.donorEmail, email.toLowerCase()),
        countsInTotals,
        gte(donations.paidAt, `${year}-01-01T05:00:00.000Z`),
        lt(donations.paidAt, `${year + 1}-01-01T05:00:00.000Z`),
      ),
    )
    .orderBy(asc(donations.paidAt));
}

/**
 * Queues the statement to the address asked for, only when it gave in that year: it goes only
 * to that address, and the page answers the same either way, so asking reveals nothing.
 * Returns the outbox id, or null when there was nothing to send.
 */
export async function queueYearEndStatement(
  env: Env,
  email: string,
  year: number,
  locale: string,
): Promise<string | null> {
  const gifts = await giftsForYear(env, email, year);
  if (gifts.length === 0) return null;
  const db = getDb(env);
  const id = crypto.randomUUID();
  const message = await buildStatementEmail(env, {
    to: email.toLowerCase(),
    locale: gifts[0]?.locale ?? locale,
    year,
    gifts: gifts.map((gift) => ({
      ...gift,
      amountCents: Number(gift.amountCents),
      paidAt: gift.paidAt ?? "",
    })),
  });
  await db.batch([queueEmail(db, message, id)]);
  return id;
}
