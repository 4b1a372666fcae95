import { and, desc, eq, inArray } from "drizzle-orm";
import type Stripe from "stripe";
import { isValidAmountCents } from "~/lib/donation";
import { getDb } from "../db/client.server";
import { donations, recurringGifts } from "../db/schema";
import { queueEmail } from "../mail/outbox.server";
import { logError } from "../kernel/log.server";
import { verifyToken } from "../kernel/signed-token.server";
import { getStripe } from "../stripe/client.server";
import { MANAGE_TOKEN_PURPOSE } from "./manage-link.server";
import { buildManageLinkEmail } from "./receipts.server";

/**
 * Donor self-service without a password: a signed, expiring link (subject: the e-mail address)
 * opens a page listing that address's monthly gifts. Stripe's portal cannot change a
 * price_data amount, so amount, pause and cancel are ours; the card goes to Stripe's portal.
 */

type RecurringGift = typeof recurringGifts.$inferSelect;

export async function donorEmailFromToken(env: Env, token: string): Promise<string | null> {
  return verifyToken(env, MANAGE_TOKEN_PURPOSE, token);
}

export async function getDonorOverview(env: Env, email: string) {
  const db = getDb(env);
  const [gifts, recent] = await Promise.all([
    db
      .select()
      .from(recurringGifts)
      .where(eq(recurringGifts.donorEmail, email))
      .orderBy(desc(recurringGifts.createdAt)),
    db
      .select({
        id: donations.id,
        amountCents: donations.amountCents,
        currency: donations.currency,
        frequency: donations.frequency,
        status: donations.status,
        paidAt: donations.paidAt,
      })
      .from(donations)
      .where(
        and(eq(donations.donorEmail, email), inArray(donations.status, ["succeeded", "refunded", "pending"])),
      )
      .orderBy(desc(donations.createdAt))
      .limit(24),
  ]);
  return { gifts, recent };
}

/** Sends a fresh link if the address has given; the caller answers the same either way. */
export async function requestManageLink(env: Env, email: string, locale: string): Promise<string | null> {
  const db = getDb(env);
  const [known] = await db
    .select({ locale: recurringGifts.locale })
    .from(recurringGifts)
    .where(eq(recurringGifts.donorEmail, email))
    .limit(1);
  const [gave] = known
    ? [known]
    : await db
        .select({ locale: donations.locale })
        .from(donations)
        .where(eq(donations.donorEmail, email))
        .limit(1);
  if (!gave) return null;
  const id = crypto.randomUUID();
  await db.batch([queueEmail(db, await buildManageLinkEmail(env, { to: email, locale }), id)]);
  return id;
}

export const MANAGE_ACTIONS = ["change-amount", "pause", "resume", "cancel", "update-card"] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];

type ManageResult =
  | { ok: true; action: ManageAction; redirectTo?: string }
  | { ok: false; error: "not-found" | "ended" | "invalid-amount" | "stripe" | "not-configured" };

/** One change to one of the donor's gifts; the gift must belong to the link's address. */
export async function manageGift(
  env: Env,
  options: {
    email: string;
    giftId: string;
    action: ManageAction;
    amountCents?: number | null;
    returnUrl: string;
    locale: string;
  },
): Promise<ManageResult> {
  const stripe = getStripe(env);
  if (!stripe) return { ok: false, error: "not-configured" };
  const db = getDb(env);
  const [gift] = await db
    .select()
    .from(recurringGifts)
    .where(and(eq(recurringGifts.id, options.giftId), eq(recurringGifts.donorEmail, options.email)))
    .limit(1);
  if (!gift) return { ok: false, error: "not-found" };
  // A canceled subscription cannot be changed or resumed in Stripe; the donor is told it ended.
  if (gift.status === "canceled") return { ok: false, error: "ended" };
  const now = new Date().toISOString();
  const setGift = (values: Partial<RecurringGift>) =>
    db
      .update(recurringGifts)
      // What Stripe now holds: an older subscription event arriving later must not undo it.
      .set({ ...values, stripeSyncedAt: Math.floor(Date.now() / 1000), updatedAt: now })
      .where(eq(recurringGifts.id, gift.id));

  try {
    switch (options.action) {
      case "change-amount": {
        const cents = options.amountCents ?? 0;
        if (!isValidAmountCents(cents)) return { ok: false, error: "invalid-amount" };
        const subscription = await stripe.subscriptions.retrieve(gift.stripeSubscriptionId);
        const item = subscription.items.data[0];
        if (!item) return { ok: false, error: "not-found" };
        const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
        await stripe.subscriptions.update(gift.stripeSubscriptionId, {
          // The new amount applies from the next monthly payment; nothing is charged now.
          proration_behavior: "none",
          items: [
            {
              id: item.id,
              price_data: {
                currency: gift.currency,
                product,
                unit_amount: cents,
                recurring: { interval: "month" },
              },
            },
          ],
        });
        await setGift({ amountCents: cents });
        return { ok: true, action: options.action };
      }
      case "pause":
        await stripe.subscriptions.update(gift.stripeSubscriptionId, {
          pause_collection: { behavior: "void" },
        });
        await setGift({ status: "paused" });
        return { ok: true, action: options.action };
      case "resume":
        await stripe.subscriptions.update(gift.stripeSubscriptionId, {
          pause_collection: "",
        } as Stripe.SubscriptionUpdateParams);
        await setGift({ status: "active" });
        return { ok: true, action: options.action };
      case "cancel":
        await stripe.subscriptions.cancel(gift.stripeSubscriptionId);
        await setGift({ status: "canceled" });
        return { ok: true, action: options.action };
      case "update-card": {
        const portal = await stripe.billingPortal.sessions.create({
          customer: gift.stripeCustomerId,
          return_url: options.returnUrl,
          locale: options.locale === "es" ? "es" : "en",
        });
        return { ok: true, action: options.action, redirectTo: portal.url };
      }
    }
  } catch (error) {
    logError(error, { gift: gift.id, action: options.action });
    return { ok: false, error: "stripe" };
  }
}
