import { desc, eq, or } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { donations, submissions, subscribers, volunteers } from "../db/schema";
import { isEmailVerified } from "./accounts.server";

/**
 * What /account shows: the person's gifts, submissions, newsletter choice and whether they
 * volunteer (their shifts' page, decision 055), found by the
 * account's e-mail. Nothing at all until that e-mail is verified, since anyone can sign up
 * with any address (decision 013).
 */
export async function accountOverview(env: Pick<Env, "DB">, user: SessionUser) {
  if (!(await isEmailVerified(env, user.id))) return { verified: false as const };
  const db = getDb(env);
  const [gifts, sent, [subscriber], [volunteer]] = await Promise.all([
    db
      .select({
        id: donations.id,
        amountCents: donations.amountCents,
        currency: donations.currency,
        frequency: donations.frequency,
        status: donations.status,
        date: donations.paidAt,
        createdAt: donations.createdAt,
      })
      .from(donations)
      .where(or(eq(donations.donorEmail, user.email), eq(donations.userId, user.id)))
      .orderBy(desc(donations.createdAt))
      .limit(100),
    db
      .select({
        id: submissions.id,
        kind: submissions.kind,
        status: submissions.status,
        createdAt: submissions.createdAt,
      })
      .from(submissions)
      .where(or(eq(submissions.email, user.email), eq(submissions.userId, user.id)))
      .orderBy(desc(submissions.createdAt))
      .limit(100),
    db
      .select({ status: subscribers.status })
      .from(subscribers)
      .where(eq(subscribers.email, user.email))
      .limit(1),
    db
      .select({ id: volunteers.id })
      .from(volunteers)
      .where(eq(volunteers.email, user.email.toLowerCase()))
      .limit(1),
  ]);
  return {
    verified: true as const,
    gifts: gifts.map(({ date, createdAt, ...gift }) => ({ ...gift, date: date ?? createdAt })),
    submissions: sent,
    newsletter: subscriber?.status ?? ("none" as const),
    volunteer: Boolean(volunteer),
  };
}
