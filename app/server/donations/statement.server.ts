import { and, asc, eq, gte, lt } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { donations } from "../db/schema";
import { queueEmail } from "../mail/outbox.server";
import { buildStatementEmail } from "../stripe/receipts.server";

/** A year's succeeded gifts for one address; refunded and failed payments are left out. */
export async function giftsForYear(env: Pick<Env, "DB">, email: string, year: number) {
  return getDb(env)
    .select({
      paidAt: donations.paidAt,
      amountCents: donations.amountCents,
      currency: donations.currency,
      frequency: donations.frequency,
      locale: donations.locale,
    })
    .from(donations)
    .where(
      and(
        eq(donations.donorEmail, email.toLowerCase()),
        eq(donations.status, "succeeded"),
        gte(donations.paidAt, `${year}-01-01T05:00:00.000Z`),
        lt(donations.paidAt, `${year + 1}-01-01T05:00:00.000Z`),
      ),
    )
    .orderBy(asc(donations.paidAt));
}

/**
 * Queues the statement to the address asked for. It goes only to that address, so asking
 * for someone else's reveals nothing; the page answers the same either way.
 */
export async function queueYearEndStatement(env: Env, email: string, year: number, locale: string) {
  const gifts = await giftsForYear(env, email, year);
  const db = getDb(env);
  const id = crypto.randomUUID();
  const message = await buildStatementEmail(env, {
    to: email.toLowerCase(),
    locale: gifts[0]?.locale ?? locale,
    year,
    gifts: gifts.map((gift) => ({ ...gift, paidAt: gift.paidAt ?? "" })),
  });
  await db.batch([queueEmail(db, message, id)]);
  return id;
}
