import { eq, sql } from "drizzle-orm";
import { formForKind } from "~/lib/forms/answers";
import type { FieldSpec } from "~/lib/forms/definition";
import { SUBMISSION_KINDS } from "~/lib/vocabulary";
import { signUp } from "~/server/auth/accounts.server";
import { bumpContentVersion } from "~/server/kernel/content-version.server";
import { getDb, insertJsonRows } from "~/server/db/client.server";
import {
  auditLog,
  contentEntries,
  donations,
  eventRegistrations,
  outbox,
  recurringGifts,
  submissionHistory,
  submissions,
  subscribers,
  users,
} from "~/server/db/schema";
import { queueEmails } from "~/server/mail/outbox.server";
import sample from "../content/seed.json";

/**
 * Ten years of a growing nonprofit's records (docs/decisions/057-years-of-data.md), written by the
 * modules that write real records: `insertJsonRows` (decision 045's bulk insert, one JSON parameter
 * a statement), `queueEmails` for the outbox, `signUp` for staff, the sample content's own entries
 * for posts and events. Every id is derived from the kind and the row's number, so a second run
 * adds nothing (rows that exist are left alone). Each kind is a function of one part, which one
 * request of scripts/seed-scale.mjs runs: a part stays far inside one invocation's limits.
 */
export type SeedKind = {
  /** Rows at full scale; `scale` in the request shrinks it. */
  rows: number;
  /** Rows one request writes. */
  perPart: number;
  /** Whether `--scale` shrinks it (the staff stay five). */
  scales: boolean;
  /** Rows `from` to `to` - 1 of `total`, spread over the decade by their place in `total`. */
  seed: (env: Env, rows: Part) => Promise<void>;
};

const TEN_YEARS_MS = 10 * 365.25 * 86_400_000;
/** The seeded decade ends here, so a run on any day makes the same rows. */
const END = Date.parse("2026-11-25T17:00:00Z");

/** A number in [0, 1) from a row's number and a salt: the same every run. */
function unit(n: number, salt = 0): number {
  let x = (n * 2_654_435_761 + salt * 40_503 + 12_345) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 0x2c1b3c6d) >>> 0;
  x ^= x >>> 12;
  x = Math.imul(x, 0x297a2d39) >>> 0;
  x = (x ^ (x >>> 15)) >>> 0;
  return x / 4_294_967_296;
}
const pick = <T>(items: readonly T[], n: number, salt = 0): T =>
  items[Math.floor(unit(n, salt) * items.length)]!;
/** Row n of `total`, spread over the decade, the last row newest. */
const when = (n: number, total: number) =>
  new Date(END - TEN_YEARS_MS * (1 - (n + unit(n, 9)) / total)).toISOString();

const FIRST = [
  "Ana",
  "Luis",
  "María",
  "James",
  "Keisha",
  "Wei",
  "Fatou",
  "Diego",
  "Sofía",
  "Omar",
  "Grace",
  "Tomás",
];
const LAST = [
  "Rivera",
  "Johnson",
  "Díaz",
  "Chen",
  "Williams",
  "Ortiz",
  "Diallo",
  "Smith",
  "Pérez",
  "Kim",
  "Brown",
];
const personName = (n: number) => `${pick(FIRST, n, 1)} ${pick(LAST, n, 2)}`;
const personEmail = (n: number, what: string) => `${what}${n}@seed.example.org`;
const localeOf = (n: number) => (unit(n, 3) < 0.4 ? "es" : "en");
const MESSAGES = {
  en: [
    "Is there room in the spring term?",
    "My son would love to join the team.",
    "Can I volunteer on Saturdays?",
  ],
  es: [
    "¿Hay cupo para el semestre de primavera?",
    "A mi hijo le encantaría unirse al equipo.",
    "¿Puedo ser voluntaria los sábados?",
  ],
};

/** An answer a person could have given to one field of a form. */
function answer(field: FieldSpec, n: number, locale: "en" | "es"): unknown {
  if (field.kind === "checkbox") return true;
  if (field.kind === "checkboxes") return field.options?.length ? [pick(field.options, n, 4)] : [];
  if (field.options?.length) return pick(field.options, n, 5);
  if (field.kind === "email") return personEmail(n, "family");
  if (field.kind === "tel") return `212 555 ${String(1000 + (n % 9000))}`;
  if (field.kind === "number") return String(6 + (n % 12));
  if (field.kind === "textarea") return pick(MESSAGES[locale], n, 6);
  return personName(n + 1);
}

const STAFF = ["dana", "luis", "grace", "omar", "sofia"].map((name) => `${name}.staff@seed.example.org`);

/** The seeded ADMIN, whom the bench signs in. */
export async function seedAdminId(env: Env): Promise<string> {
  const [admin] = await getDb(env).select({ id: users.id }).from(users).where(eq(users.email, STAFF[0]!));
  if (!admin) throw new Error("seed the staff first");
  return admin.id;
}

async function staffIds(env: Env): Promise<string[]> {
  const rows = await getDb(env)
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} in (select value from json_each(${JSON.stringify(STAFF)}))`);
  return rows.map((row) => row.id).sort();
}

/** Rows in JSON chunks of `size`, each one statement, all in one batch. */
async function insertChunks(
  env: Env,
  table: Parameters<typeof insertJsonRows>[1],
  rows: Record<string, unknown>[],
  size = 500,
) {
  const db = getDb(env);
  const statements = [];
  for (let start = 0; start < rows.length; start += size)
    statements.push(insertJsonRows(db, table, rows.slice(start, start + size)));
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

type Part = { from: number; to: number; total: number };

const range = ({ from, to }: Part) => Array.from({ length: to - from }, (_, i) => from + i);

export const SEED_KINDS: Record<string, SeedKind> = {
  staff: {
    rows: STAFF.length,
    perPart: STAFF.length,
    scales: false,
    async seed(env) {
      const db = getDb(env);
      for (const [i, email] of STAFF.entries()) {
        const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (existing) continue;
        const created = await signUp(env, {
          name: personName(i),
          email,
          password: `seed-${email}`,
          locale: "en",
        });
        if (!created.ok) throw new Error(`could not create ${email}`);
        await db
          .update(users)
          .set({ role: i === 0 ? "ADMIN" : "STAFF", emailVerifiedAt: new Date(END).toISOString() })
          .where(eq(users.email, email));
      }
    },
  },

  submissions: {
    rows: 100_000,
    perPart: 5_000,
    scales: true,
    async seed(env, part) {
      const staff = await staffIds(env);
      const { total } = part;
      const rows = range(part).map((n) => {
        const kind = pick(SUBMISSION_KINDS, n, 7);
        const locale = localeOf(n);
        const payload = Object.fromEntries(
          formForKind(kind).fields.map((field) => [field.name, answer(field, n, locale as "en" | "es")]),
        );
        const createdAt = when(n, total);
        const age = (END - Date.parse(createdAt)) / 86_400_000;
        return {
          id: `seed-submission-${n}`,
          kind,
          status: age > 30 ? (unit(n, 8) < 0.05 ? "spam" : "done") : pick(["new", "in-progress"], n, 8),
          locale,
          name: personName(n),
          email: personEmail(n, "family"),
          phone: `212 555 ${String(1000 + (n % 9000))}`,
          payload: JSON.stringify(payload),
          assignedTo: staff.length && unit(n, 10) < 0.6 ? pick(staff, n, 11) : null,
          idempotencyKey: `seed-submission-${n}`,
          createdAt,
          updatedAt: createdAt,
        };
      });
      await insertChunks(env, submissions, rows);
      const notes = rows
        .filter((_, i) => unit(part.from + i, 12) < 0.3)
        .map((row) => ({
          id: `seed-note-${row.id}`,
          submissionId: row.id,
          kind: "note",
          body:
            row.locale === "es"
              ? "Llamamos a la familia; espera respuesta."
              : "Called the family back; waiting to hear.",
          userName: "Dana Staff",
          createdAt: row.createdAt,
        }));
      await insertChunks(env, submissionHistory, notes);
    },
  },

  donations: {
    rows: 50_000,
    perPart: 5_000,
    scales: true,
    async seed(env, part) {
      const { total } = part;
      // 10,000 donors; the first 1,000 give monthly (one gift each, its payments the renewals).
      const donor = (n: number) => Math.floor(unit(n, 13) * 10_000);
      const monthly = range(part)
        .map(donor)
        .filter((d) => d < 1_000)
        .map((d) => ({
          id: `seed-monthly-${d}`,
          stripeSubscriptionId: `sub_seed_${d}`,
          stripeCustomerId: `cus_seed_${d}`,
          amountCents: 1_000 + (d % 10) * 500,
          status: unit(d, 14) < 0.8 ? "active" : "canceled",
          donorName: personName(d),
          donorEmail: personEmail(d, "donor"),
          locale: localeOf(d),
          createdAt: when(d, 1_000 * 10),
        }));
      await insertChunks(env, recurringGifts, monthly);
      const rows = range(part).map((n) => {
        const d = donor(n);
        const paidAt = when(n, total);
        const isMonthly = d < 1_000;
        const amountCents = isMonthly
          ? 1_000 + (d % 10) * 500
          : pick([2_500, 5_000, 10_000, 25_000, 100_000], n, 15);
        const roll = unit(n, 16);
        const refunded = roll < 0.02;
        return {
          id: `seed-gift-${n}`,
          recurringGiftId: isMonthly ? `seed-monthly-${d}` : null,
          frequency: isMonthly ? "monthly" : "one-time",
          amountCents,
          status: refunded ? "refunded" : roll < 0.03 ? "failed" : "succeeded",
          donorName: personName(d),
          donorEmail: personEmail(d, "donor"),
          locale: localeOf(d),
          anonymous: unit(n, 17) < 0.05,
          stripePaymentIntentId: `pi_seed_${n}`,
          stripeChargeId: `ch_seed_${n}`,
          stripeCustomerId: `cus_seed_${d}`,
          paidAt,
          refundedCents: refunded ? amountCents : 0,
          refundedAt: refunded ? paidAt : null,
          disputeStatus: roll > 0.995 ? pick(["won", "lost", "open"], n, 18) : null,
          createdAt: paidAt,
          updatedAt: paidAt,
        };
      });
      await insertChunks(env, donations, rows);
    },
  },

  subscribers: {
    rows: 20_000,
    perPart: 5_000,
    scales: true,
    async seed(env, part) {
      const { total } = part;
      const rows = range(part).map((n) => {
        const createdAt = when(n, total);
        const status = unit(n, 19) < 0.85 ? "confirmed" : unit(n, 20) < 0.5 ? "pending" : "unsubscribed";
        return {
          id: `seed-subscriber-${n}`,
          email: personEmail(n, "reader"),
          locale: localeOf(n),
          status,
          source: pick(["footer", "contact", "enrollment"], n, 21),
          createdAt,
          confirmedAt: status === "pending" ? null : createdAt,
          unsubscribedAt: status === "unsubscribed" ? createdAt : null,
        };
      });
      await insertChunks(env, subscribers, rows);
    },
  },

  /** 200 events, and 500 posts, stories and jobs, each a copy of a sample entry of its type. */
  content: {
    rows: 700,
    perPart: 700,
    scales: true,
    async seed(env, part) {
      const rows = range(part).map((n) => {
        const type = n < 200 ? "event" : pick(["post", "story", "job"], n, 22);
        const model = pick(
          sample.filter((entry) => entry.type === type),
          n,
          23,
        );
        const day = when(n, part.total).slice(0, 10);
        const fields = structuredClone(model.fields) as Record<string, unknown> & {
          title: { en: string; es: string };
        };
        fields.title = {
          en: `${fields.title.en} (${day.slice(0, 4)}, ${n})`,
          es: `${fields.title.es} (${day.slice(0, 4)}, ${n})`,
        };
        if (type === "event") fields.date = day;
        return {
          id: `seed-${type}-${n}`,
          type,
          slug: `seed-${type}-${n}`,
          status: "published",
          sortDate: day,
          fields: JSON.stringify(fields),
          createdAt: `${day}T12:00:00.000Z`,
          updatedAt: `${day}T12:00:00.000Z`,
        };
      });
      await insertChunks(env, contentEntries, rows, 100);
      await bumpContentVersion(env);
    },
  },

  registrations: {
    rows: 10_000,
    perPart: 5_000,
    scales: true,
    async seed(env, part) {
      const rows = range(part).map((n) => {
        const event = n % 200;
        const createdAt = when(event * 50 + (n % 50), part.total);
        return {
          id: `seed-registration-${n}`,
          eventSlug: `seed-event-${event}`,
          kind: "rsvp",
          status: unit(n, 24) < 0.9 ? "confirmed" : "canceled",
          name: personName(n + 7),
          email: personEmail(n, "guest"),
          locale: localeOf(n),
          quantity: 1 + Math.floor(unit(n, 25) * 3),
          confirmedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        };
      });
      await insertChunks(env, eventRegistrations, rows);
    },
  },

  audit: {
    rows: 200_000,
    perPart: 10_000,
    scales: true,
    async seed(env, part) {
      const staff = await staffIds(env);
      const rows = range(part).map((n) => {
        const action = pick(
          [
            "submission.update",
            "submission.note",
            "content.update",
            "donation.refund",
            "subscriber.unsubscribe",
          ],
          n,
          26,
        );
        return {
          id: `seed-audit-${n}`,
          userId: staff.length ? pick(staff, n, 27) : null,
          userEmail: pick(STAFF, n, 27),
          action,
          targetType: action.split(".")[0],
          targetId: `seed-submission-${n % 100_000}`,
          detail: JSON.stringify({ changes: { status: { before: "new", after: "done" } } }),
          createdAt: when(n, part.total),
        };
      });
      await insertChunks(env, auditLog, rows, 1_000);
    },
  },

  /** Mail already sent over the years (a few failed), queued as every message is. */
  outbox: {
    rows: 50_000,
    perPart: 5_000,
    scales: true,
    async seed(env, part) {
      const db = getDb(env);
      const messages = range(part).map((n) => {
        const locale = localeOf(n);
        return {
          id: `seed-mail-${n}`,
          email: {
            to: personEmail(n, "family"),
            subject: locale === "es" ? "Recibimos su mensaje" : "We received your message",
            text: locale === "es" ? "Gracias por escribirnos." : "Thank you for writing to us.",
            template: pick(["contact.confirmation", "donation.receipt", "newsletter.issue"], n, 28),
            locale,
          },
        };
      });
      const [first, ...rest] = queueEmails(db, messages);
      if (first) await db.batch([first, ...rest]);
      // Sent long ago: the Cron run of a local start must not send ten years of mail again.
      const ids = JSON.stringify(messages.map((message) => message.id));
      await db
        .update(outbox)
        .set({
          status: sql`case when ${outbox.id} like '%7' then 'failed' else 'sent' end`,
          attempts: 1,
          sentAt: sql`case when ${outbox.id} like '%7' then null else ${outbox.createdAt} end`,
        })
        .where(sql`${outbox.id} in (select value from json_each(${ids})) and ${outbox.status} = 'pending'`);
    },
  },
};
