import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { childHealthRecords, children, users } from "~/server/db/schema";
import { type HealthRecord, readHealthRecord } from "~/server/families/child-data.server";
import { saveChild } from "~/server/families/children.server";

/**
 * Without the CHILD_DATA_KEYS secret (decision 054): a local run (`npm start`, no .dev.vars) makes
 * itself a key kept in KV so adding a child works; any other site keeps refusing.
 */

const db = getDb(env);
const { CHILD_DATA_KEYS: _testKey, ...withoutKey } = env;
const localRun = { ...withoutKey, SITE_URL: "http://localhost:8787" } as Env;
const publicSite = { ...withoutKey, SITE_URL: "https://www.youth.nyc" } as Env;

const record: HealthRecord = {
  healthNotes: "asthma, inhaler before running",
  allergies: "peanuts, EpiPen in the red bag",
  medications: "albuterol",
  specialNeeds: "",
  emergencyContacts: [{ name: "Rosa Quintero", phone: "+1 212 555 0142", relation: "aunt" }],
  pickupPeople: [],
};

async function guardian() {
  const id = crypto.randomUUID();
  await db.insert(users).values({
    id,
    email: `guardian-${id}@example.com`,
    passwordHash: "unused",
    passwordSalt: "unused",
    passwordIterations: 1,
    emailVerifiedAt: new Date().toISOString(),
  });
  return id;
}

const details = {
  name: "Ana Quintero",
  birthDate: "2016-03-14",
  grade: 4,
  school: "PS 175",
};
const consent = { programYear: "2026-27", photoConsent: false };

describe("children's data key on a run without the secret", () => {
  it("on a local run, adds a child under a random key kept in KV, the same key on every later read", async () => {
    expect(await env.CACHE.get("secrets:child-data-key")).toBeNull();
    const childId = await saveChild(localRun, await guardian(), { details, consent, health: record });
    expect(childId).not.toBeNull();

    const kept = await env.CACHE.get("secrets:child-data-key");
    expect(kept).toMatch(/^local:[A-Za-z0-9+/]{43}=$/);
    const [row] = await db.select().from(childHealthRecords).where(eq(childHealthRecords.childId, childId!));
    expect(row!.keyId).toBe("local");
    expect(row!.ciphertext).not.toContain("peanuts");
    expect(await readHealthRecord(localRun, childId!)).toEqual(record);

    // A second child reuses the kept key rather than making another.
    const second = await saveChild(localRun, await guardian(), { details, consent, health: record });
    expect(await env.CACHE.get("secrets:child-data-key")).toBe(kept);
    expect(await readHealthRecord(localRun, second!)).toEqual(record);
  });

  it("on a public site, refuses to add a child and keeps nothing, and never makes a key", async () => {
    await env.CACHE.delete("secrets:child-data-key");
    const guardianId = await guardian();
    await expect(saveChild(publicSite, guardianId, { details, consent, health: record })).rejects.toThrow(
      "CHILD_DATA_KEYS is not set",
    );
    expect(await db.select().from(children).where(eq(children.guardianId, guardianId))).toEqual([]);
    expect(await env.CACHE.get("secrets:child-data-key")).toBeNull();
  });
});
