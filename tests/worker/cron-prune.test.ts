import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { eventRegistrations, totpCredentials } from "~/server/db/schema";
import worker from "../../workers/app";
import { userWithSession } from "./auth-helpers";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

async function rsvp(id: string, status: "pending" | "confirmed", linkEndedDaysAgo: number) {
  await getDb(env)
    .insert(eventRegistrations)
    .values({
      id,
      eventSlug: "prune-test",
      kind: "rsvp",
      status,
      name: "Never Confirmed",
      email: `${id}@example.com`,
      locale: "en",
      quantity: 1,
      holdExpiresAt: daysAgo(linkEndedDaysAgo),
    });
}

const runCron = () => worker.scheduled(createScheduledController({ scheduledTime: Date.now() }), env);

describe("what the Cron Trigger does not keep", () => {
  it("deletes an RSVP nobody confirmed a month after its link ran out, and keeps the rest", async () => {
    await rsvp("abandoned", "pending", 31);
    await rsvp("recent", "pending", 3);
    await rsvp("came", "confirmed", 400);
    await runCron();
    const left = await getDb(env).select({ id: eventRegistrations.id }).from(eventRegistrations);
    expect(left.map((row) => row.id).sort()).toEqual(["came", "recent"]);
  });

  it("drops an authenticator key offered a week ago and never confirmed; a confirmed one stays", async () => {
    const offered = await userWithSession("offered-key@example.com", "STAFF");
    const fresh = await userWithSession("fresh-key@example.com", "STAFF");
    const confirmed = await userWithSession("confirmed-key@example.com", "STAFF");
    await getDb(env)
      .insert(totpCredentials)
      .values([
        { userId: offered.user.id, encryptedKey: "x", createdAt: daysAgo(8) },
        { userId: fresh.user.id, encryptedKey: "x", createdAt: daysAgo(1) },
        { userId: confirmed.user.id, encryptedKey: "x", createdAt: daysAgo(300), confirmedAt: daysAgo(299) },
      ])
      .onConflictDoNothing();
    await runCron();
    const left = await getDb(env).select({ userId: totpCredentials.userId }).from(totpCredentials);
    const ids = left.map((row) => row.userId);
    expect(ids).not.toContain(offered.user.id);
    expect(ids).toEqual(expect.arrayContaining([fresh.user.id, confirmed.user.id]));
  });
});
