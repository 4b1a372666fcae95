import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FieldSpec } from "~/lib/forms/definition";
import { FORMS, volunteerPageFields } from "~/lib/forms/forms";
import { getDb } from "~/server/db/client.server";
import { outbox, submissions } from "~/server/db/schema";
import { getMailTransport } from "~/server/mail/transport.server";
import { postForm } from "./fetch";

const db = getDb(env);
let ip = 0;
const fromAddress = () => ({ "CF-Connecting-IP": `198.51.100.${++ip}` });

/**
 * The choices each form needs to be valid, chosen so that every sensitive part shows: a child
 * young enough for the guardian's consent (under 13), a mentee with a parent, the consent boxes.
 */
const CHOICES: Record<string, Record<string, string>> = {
  enrollment: { age: "10", grade: "5", programs: "athletics", guardianConsent: "on" },
  education: { age: "10", grade: "5", guardianConsent: "on" },
  athletics: { age: "10", grade: "5", consent: "on", guardianConsent: "on" },
  mentoring: {
    role: "mentee",
    age: "10",
    areaOfInterest: "stem",
    availability: "weekdayEvenings",
    guardianConsent: "on",
  },
  volunteer: { variant: "page", age: "30", availability: "weekends" },
  getInvolved: { areas: "events" },
  fundraisingTeam: {},
  givingInfo: { option: "stock", amount: "5000", preferredContact: "both" },
  contact: { subject: "program", preferredContact: "email" },
  partner: { partnershipType: "corporate" },
};

const TYPED_KINDS = new Set<FieldSpec["kind"]>(["text", "textarea"]);

/** A value no text of ours contains, made of letters so that every name field takes it. */
const marker = (form: string, field: string) => `Zq${form.replace(/-/g, "")}${field}Qz`;

/** Every form with each of its text fields (names, a child's medical notes, needs, guardians) filled with a marker. */
const POSTS = Object.values(FORMS).map((definition, index) => {
  const fields = definition.id === "volunteer" ? volunteerPageFields : definition.fields;
  const typed = Object.fromEntries(
    fields
      .filter((field) => TYPED_KINDS.has(field.kind))
      .map((field) => [field.name, marker(definition.id, field.name)]),
  );
  const email = `typed-${definition.kind}@example.com`;
  const phone = `212-555-01${String(10 + index)}`;
  return { definition, email, phone, typed, fields: { ...CHOICES[definition.id], ...typed, email, phone } };
});

/** What the mail provider receives for an outbox row: the JSON the "http" transport posts. */
async function asReceived(row: typeof outbox.$inferSelect): Promise<string> {
  const provider = { ...env, MAIL_TRANSPORT: "http", MAIL_API_URL: `${env.MAIL_TEST_ORIGIN}/ok` } as Env;
  await getMailTransport(provider)(row, provider, AbortSignal.timeout(5_000));
  const response = await fetch(`${env.MAIL_TEST_ORIGIN}/__test/requests?key=${encodeURIComponent(row.id)}`);
  const [request] = (await response.json()) as { body: unknown }[];
  return JSON.stringify(request!.body);
}

describe("form mail carries nothing anyone typed (decisions 014 and 047)", () => {
  it("covers every form and every sensitive field", () => {
    const filled = POSTS.flatMap((post) => Object.keys(post.typed));
    for (const sensitive of [
      "medicalInfo",
      "specialNeeds",
      "emergencyContact",
      "parentName",
      "studentName",
    ]) {
      expect(filled).toContain(sensitive);
    }
    expect(POSTS).toHaveLength(10);
  });

  it.each(POSTS.map((post) => [post.definition.id, post]))(
    "/forms/%s: the team's notice names the form and links to it; neither mail holds a typed value",
    async (_, post) => {
      const idempotencyKey = crypto.randomUUID();
      const response = await postForm(
        post.definition.path,
        { ...post.fields, idempotencyKey },
        fromAddress(),
      );
      expect(response.status).toBe(200);
      const [submission] = await db
        .select()
        .from(submissions)
        .where(like(submissions.idempotencyKey, `%${idempotencyKey}`));
      expect(submission).toBeDefined();
      // Every marker was stored: the back office has the answers, a child's health only sealed
      // beside the payload (decision 054).
      const health = new Set(
        post.definition.fields.filter((field) => field.health).map((field) => field.name),
      );
      for (const [name, value] of Object.entries(post.typed))
        if (health.has(name)) expect(JSON.stringify(submission)).not.toContain(value);
        else expect(JSON.stringify(submission!.payload)).toContain(value);
      expect(submission!.healthData !== null).toBe(health.size > 0);

      const mails = (
        await db
          .select()
          .from(outbox)
          .where(like(outbox.template, `${post.definition.kind}.%`))
      ).filter((mail) => mail.to === post.email || mail.text.includes(submission!.id));
      const team = mails.find((mail) => mail.template === `${post.definition.kind}.team`)!;
      const confirmation = mails.find((mail) => mail.template === `${post.definition.kind}.confirmation`)!;
      expect(team.to).toBe(env.TEAM_EMAIL);
      expect(confirmation.to).toBe(post.email);

      const teamReceived = await asReceived(team);
      expect(teamReceived).toContain(`https://example.org/admin/submissions/${submission!.id}`);
      expect(team.subject).toContain(submission!.id.slice(0, 8).toUpperCase());
      const confirmationReceived = await asReceived(confirmation);
      for (const [label, received] of [
        ["team", teamReceived],
        ["confirmation", confirmationReceived.replaceAll(post.email, "")],
      ] as const) {
        for (const value of [...Object.values(post.typed), post.phone]) {
          expect(received, `${label} mail of ${post.definition.id}`).not.toContain(value);
        }
        expect(received, `${label} mail of ${post.definition.id}`).not.toContain(post.email);
        // A choice is part of what was sent too: the chosen program is not in the subject any more.
        if (post.definition.id === "enrollment") expect(received).not.toMatch(/athletics/i);
      }
      const [row] = await db.select().from(outbox).where(eq(outbox.id, team.id));
      expect(row!.replyTo).toBeNull();
    },
  );
});
