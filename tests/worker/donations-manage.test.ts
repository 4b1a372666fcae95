import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { recurringGifts } from "~/server/db/schema";
import { signToken } from "~/server/kernel/signed-token.server";
import { MANAGE_TOKEN_PURPOSE } from "~/server/donations/manage-link.server";
import { fetchPage, postForm } from "./fetch";

const db = getDb(env);

/** A monthly gift as the Stripe webhook leaves it once the subscription is canceled. */
async function canceledGift(email: string) {
  const id = crypto.randomUUID();
  await db.insert(recurringGifts).values({
    id,
    stripeSubscriptionId: `sub_${id}`,
    stripeCustomerId: `cus_${id}`,
    amountCents: 2500,
    status: "canceled",
    donorName: "Ana Ended",
    donorEmail: email,
    locale: "en",
  });
  return id;
}

describe("manage link for a gift that has ended", () => {
  it("says the monthly gift has ended, in both languages, and offers no actions", async () => {
    const email = "ended@example.com";
    await canceledGift(email);
    const token = await signToken(env, MANAGE_TOKEN_PURPOSE, email, 3600);

    const response = await fetchPage(`/donate/manage/${token}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Your monthly gift has ended");
    expect(html).toContain("This monthly gift has ended. No more payments will be taken");
    // No action form in the page's content (the footer's newsletter form is not about the gift).
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main.includes("<form"), "a form in <main>").toBe(false);
    expect(html.includes('name="intent"'), "an intent button").toBe(false);

    const spanish = await (await fetchPage(`/donate/manage/${token}?lng=es`)).text();
    expect(spanish).toContain("Su donación mensual ha terminado");
    expect(spanish).toContain("Esta donación mensual ha terminado.");
  });

  it("refuses a change to the ended gift with a clear message and changes nothing", async () => {
    const email = "ended-post@example.com";
    const giftId = await canceledGift(email);
    const token = await signToken(env, MANAGE_TOKEN_PURPOSE, email, 3600);
    for (const intent of ["resume", "change-amount", "update-card"]) {
      const response = await postForm(`/donate/manage/${token}`, { intent, giftId, amount: "40" });
      expect(response.status).toBe(409);
      expect(await response.text()).toContain("This monthly gift has ended, so it can no longer be changed.");
    }
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
    expect(gift).toMatchObject({ status: "canceled", amountCents: 2500 });
  });
});

describe("manage link tokens", () => {
  it("refuses a token with anything appended", async () => {
    const token = await signToken(env, MANAGE_TOKEN_PURPOSE, "appended@example.com", 3600);
    expect((await fetchPage(`/donate/manage/${token}`)).status).toBe(200);
    const last = token.at(-1)!;
    // Same bytes, another spelling: the last character's unused low bits flipped.
    const respelled =
      token.slice(0, -1) +
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".indexOf(last) ^ 1
      ]!;
    for (const tampered of [
      `${token}.extra`,
      `${token}.`,
      `${token}=`,
      `${token}%3D%3D`,
      `${token}%20`,
      respelled,
    ]) {
      const page = await fetchPage(`/donate/manage/${tampered}`);
      expect(page.status, tampered).toBe(302);
      expect(page.headers.get("Location")).toBe("/donate/manage?expired=1");
      const post = await postForm(`/donate/manage/${tampered}`, { intent: "cancel", giftId: "x" });
      expect(post.status, tampered).toBe(403);
    }
  });
});
