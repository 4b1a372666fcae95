import { and, eq, or } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { donationAttempts, donations } from "../db/schema";
import { deliverOutbox, queueEmail } from "../mail/outbox.server";
import { buildGiftReceiptEmail } from "./receipts.server";

/**
 * E-mails a signed-in donor a copy of one of their own receipts (from /account). Only a
 * succeeded gift given under the account's e-mail or user id qualifies; anything else is null.
 */
export async function sendReceiptCopy(
  env: Env,
  ctx: ExecutionContext,
  user: SessionUser,
  donationId: string,
): Promise<{ to: string } | null> {
  const db = getDb(env);
  const [donation] = await db
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.id, donationId),
        eq(donations.status, "succeeded"),
        or(eq(donations.donorEmail, user.email), eq(donations.userId, user.id)),
      ),
    )
    .limit(1);
  if (!donation) return null;
  const [attempt] = donation.attemptId
    ? await db.select().from(donationAttempts).where(eq(donationAttempts.id, donation.attemptId)).limit(1)
    : [];
  const email = await buildGiftReceiptEmail(env, donation, attempt ?? null);
  // The id names the gift, so its admin page lists the copy with the other mails about it.
  const id = `receipt-copy-${donation.id}-${crypto.randomUUID()}`;
  await db.batch([queueEmail(db, { ...email, template: "donation.receipt-copy" }, id)]);
  ctx.waitUntil(deliverOutbox(env, { ids: [id] }));
  return { to: email.to };
}
