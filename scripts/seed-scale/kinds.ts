import { eq, sql } from "drizzle-orm";
import { formForKind } from "~/lib/forms/answers";
import type { FieldSpec } from "~/lib/forms/definition";
import { SUBMISSION_KINDS } from "~/lib/vocabulary";
import { signUp } from "~/server/auth/accounts.server";
import { bumpContentVersion } from "~/server/kernel/content-version.server";
import { getDb, insertJsonRows } from "~/server/db/client.server";
import {
  attendanceMarks,
  auditLog,
  children,
  contentEntries,
  contentVersions,
  donations,
  enrolments,
  eventRegistrations,
  outbox,
  paymentAdjustments,
  pledges,
  programSessions,
  recurringGifts,
  softCredits,
  staffInvites,
  submissionHistory,
  submissions,
  subscribers,
  users,
  volunteerShifts,
  volunteerSignups,
  volunteers,
} from "~/server/db/schema";
import { OFFLINE_GIFT_METHODS, SOFT_CREDIT_KINDS } from "~/lib/vocabulary";
import { PROGRAMS } from "~/lib/families";
import { queueEmails } from "~/server/mail/outbox.server";
import { getEventForSale } from "~/server/events/catalog.server";
import { ticketAmounts } from "~/lib/tickets";
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

/**
 * Row `n` of `table` for every number of `part` (`row` may make none, returning null), inserted
 * in JSON chunks of `chunk` rows; the rows, for what is seeded beside them.
 */
async function insertMany<Row extends Record<string, unknown>>(
  env: Env,
  table: Parameters<typeof insertJsonRows>[1],
  { part, chunk }: { part: Part; chunk?: number },
  row: (n: number) => Row | null,
): Promise<Row[]> {
  const rows = range(part).flatMap((n): Row[] => {
    const made = row(n);
    return made ? [made] : [];
  });
  await insertChunks(env, table, rows, chunk);
  return rows;
}

/** A yyyy-mm-dd `days` after another. */
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Session n of `total`, four a year per program, the decade's seasons in order. */
const sessionStart = (n: number, total: number) => when(Math.floor(n / 3) * 3, total).slice(0, 10);
/** Sessions seeded beside `children` children: 120 for 3,000, as the two kinds scale alike. */
const seededSessions = (children: number) => Math.max(1, Math.round(children / 25));
/** The sample's ticketed event (the gala), the model of the seeded ticketed ones. */
const TICKETED_MODEL = sample.find((entry) => entry.type === "event" && Number(entry.fields.priceCents) > 0)!;
/** One seeded event in ten is ticketed: events 5, 15, …, 195. */
const isTicketedEvent = (n: number) => n % 10 === 5;
/** The number of the `i`th ticketed event. */
const ticketedEventNumber = (i: number) => (i % 20) * 10 + 5;
/** The volunteer roles of the sample content (scripts/content/seed.json). */
const VOLUNTEER_ROLES = sample.filter((entry) => entry.type === "role").map((entry) => entry.slug);

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
      const rows = await insertMany(env, submissions, { part }, (n) => {
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
      await insertMany(env, donations, { part }, (n) => {
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
    },
  },

  subscribers: {
    rows: 20_000,
    perPart: 5_000,
    scales: true,
    async seed(env, part) {
      const { total } = part;
      await insertMany(env, subscribers, { part }, (n) => {
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
    },
  },

  /**
   * 200 events, and 500 posts, stories and jobs, each a copy of a sample entry of its type; one
   * event in ten (`ticketedEvent`) a copy of the sample's ticketed one, the gala.
   */
  content: {
    rows: 700,
    perPart: 700,
    scales: true,
    async seed(env, part) {
      await insertMany(env, contentEntries, { part, chunk: 100 }, (n) => {
        const type = n < 200 ? "event" : pick(["post", "story", "job"], n, 22);
        const model =
          type === "event" && isTicketedEvent(n)
            ? TICKETED_MODEL
            : pick(
                sample.filter(
                  (entry) => entry.type === type && !(type === "event" && entry.slug === TICKETED_MODEL.slug),
                ),
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
      await bumpContentVersion(env);
    },
  },

  registrations: {
    rows: 10_000,
    perPart: 5_000,
    scales: true,
    async seed(env, part) {
      await insertMany(env, eventRegistrations, { part }, (n) => {
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
    },
  },

  /**
   * 2,000 paid ticket orders over the 20 ticketed events, 100 an event, as a sale leaves them
   * (decision 073): the seats held at Checkout (`reserveSeats`' row) and confirmed when Stripe says
   * paid (`fulfilTicketSession`'s columns), the price and value read through the catalog
   * (`getEventForSale`) and the amount charged by `ticketAmounts`; 3 % refunded in full and 0.5 %
   * lost to a dispute, each a `payment_adjustments` row as the webhooks write it. Their receipts
   * are not queued: the outbox kind holds the decade's mail, and fresh ones would be sent by Cron.
   */
  tickets: {
    rows: 2_000,
    perPart: 1_000,
    scales: true,
    async seed(env, part) {
      const events = Math.max(1, Math.round(part.total / 100));
      const slugs = Array.from({ length: events }, (_, i) => `seed-event-${ticketedEventNumber(i)}`);
      const forSale = new Map(
        (await Promise.all(slugs.map((slug) => getEventForSale(env, slug)))).flatMap((event) =>
          event ? [[event.slug, event] as const] : [],
        ),
      );
      const orders = await insertMany(env, eventRegistrations, { part }, (n) => {
        const event = forSale.get(slugs[n % events]!);
        if (!event) return null;
        // Sold in the six weeks before the event, in the order of their numbers.
        const soldAt = new Date(
          Date.parse(event.startsAt) - (42 - Math.floor((n / part.total) * 42)) * 86_400_000,
        ).toISOString();
        const quantity = 1 + Math.floor(unit(n, 40) * 3);
        const { totalCents } = ticketAmounts(event.priceCents, event.fairMarketValueCents, quantity);
        return {
          id: `seed-ticket-${n}`,
          eventSlug: event.slug,
          kind: "ticket",
          status: "confirmed",
          name: personName(n + 13),
          email: personEmail(n, "buyer"),
          locale: localeOf(n),
          quantity,
          unitPriceCents: event.priceCents,
          unitValueCents: event.fairMarketValueCents,
          amountCents: totalCents,
          currency: "usd",
          holdExpiresAt: new Date(Date.parse(soldAt) + 31 * 60_000).toISOString(),
          stripeCheckoutSessionId: `cs_seed_ticket_${n}`,
          stripePaymentIntentId: `pi_seed_ticket_${n}`,
          confirmedAt: soldAt,
          createdAt: soldAt,
          updatedAt: soldAt,
        };
      });
      await insertChunks(
        env,
        paymentAdjustments,
        orders.flatMap((order, i) => {
          const roll = unit(part.from + i, 41);
          if (roll >= 0.035) return [];
          const refunded = roll < 0.03;
          return [
            {
              paymentKey: order.stripePaymentIntentId,
              stripeChargeId: order.stripePaymentIntentId.replace("pi_", "ch_"),
              refundedCents: refunded ? order.amountCents : 0,
              refundedInFull: refunded,
              refundedAt: refunded ? order.confirmedAt : null,
              disputeStatus: refunded ? null : "lost",
              stripeDisputeId: refunded ? null : order.stripePaymentIntentId.replace("pi_", "dp_"),
              createdAt: order.confirmedAt,
              updatedAt: order.confirmedAt,
            },
          ];
        }),
      );
    },
  },

  audit: {
    rows: 200_000,
    perPart: 10_000,
    scales: true,
    async seed(env, part) {
      const staff = await staffIds(env);
      await insertMany(env, auditLog, { part, chunk: 1_000 }, (n) => {
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

  /** Ten years of program sessions: each program, four a year (fall, winter, spring, summer). */
  programSessions: {
    rows: 120,
    perPart: 120,
    scales: true,
    async seed(env, part) {
      await insertMany(env, programSessions, { part, chunk: 100 }, (n) => {
        const start = sessionStart(n, part.total);
        const year = Number(start.slice(0, 4));
        const program = PROGRAMS[n % PROGRAMS.length]!;
        return {
          id: `seed-session-${n}`,
          program,
          titleEn: `${program} ${start.slice(0, 7)}`,
          titleEs: `${program} ${start.slice(0, 7)}`,
          term: `${year}-${String((year + 1) % 100).padStart(2, "0")}`,
          weekdays: "2,4",
          startTime: "15:30",
          endTime: "17:30",
          startDate: start,
          endDate: dayAfter(start, 70),
          location: "Community Center, 125 W 116th St",
          minAge: 6,
          maxAge: 17,
          minGrade: 0,
          maxGrade: 12,
          capacity: 120,
          status: "published",
          createdAt: `${dayAfter(start, -30)}T12:00:00.000Z`,
          updatedAt: `${dayAfter(start, -30)}T12:00:00.000Z`,
        };
      });
    },
  },

  /**
   * 3,000 children of 2,000 guardians, each enrolled in three sessions. The guardians' accounts
   * have no password anyone could type (the hash of none), so no seeded family can sign in; their
   * health records are not seeded (decision 054 encrypts them under a key a seed should not hold).
   */
  children: {
    rows: 3_000,
    perPart: 1_000,
    scales: true,
    async seed(env, part) {
      const guardians = [...new Set(range(part).map((n) => Math.floor((n * 2) / 3)))].map((g) => ({
        id: `seed-guardian-${g}`,
        email: personEmail(g, "guardian"),
        name: personName(g + 3),
        passwordHash: "-",
        passwordSalt: "-",
        passwordIterations: 0,
        locale: localeOf(g),
        emailVerifiedAt: when(g, 2_000),
        createdAt: when(g, 2_000),
        updatedAt: when(g, 2_000),
      }));
      await insertChunks(env, users, guardians, 200);
      const sessions = seededSessions(part.total);
      const rows = await insertMany(env, children, { part, chunk: 250 }, (n) => {
        const createdAt = when(n, part.total);
        const grade = Math.floor(unit(n, 30) * 13);
        return {
          id: `seed-child-${n}`,
          guardianId: `seed-guardian-${Math.floor((n * 2) / 3)}`,
          name: `${pick(FIRST, n, 31)} ${pick(LAST, Math.floor((n * 2) / 3), 2)}`,
          birthDate: `${Number(createdAt.slice(0, 4)) - 6 - grade}-0${1 + (n % 9)}-1${n % 10}`,
          grade,
          school: `P.S. ${100 + (n % 90)}`,
          createdAt,
          updatedAt: createdAt,
        };
      });
      // Three sessions a child, spread over the years; distinct, so one live place a session.
      const places = rows.flatMap((child, i) =>
        [0, 1, 2].map((k) => {
          const n = part.from + i;
          return {
            id: `seed-enrolment-${n}-${k}`,
            sessionId: `seed-session-${(n * 7 + k * 13) % sessions}`,
            childId: child.id,
            status: unit(n * 3 + k, 33) < 0.9 ? "enrolled" : "withdrawn",
            createdAt: child.createdAt,
            updatedAt: child.createdAt,
          };
        }),
      );
      await insertChunks(env, enrolments, places, 250);
    },
  },

  /** 50,000 marks: each enrolment's first meetings, a week apart. */
  attendance: {
    rows: 50_000,
    perPart: 10_000,
    scales: true,
    async seed(env, part) {
      const childCount = Math.max(1, Math.round(part.total * (3_000 / 50_000)));
      const sessions = await getDb(env)
        .select({ id: programSessions.id, startDate: programSessions.startDate })
        .from(programSessions)
        .where(sql`${programSessions.id} like 'seed-session-%'`);
      const startOf = new Map(sessions.map((session) => [session.id, session.startDate]));
      const places = childCount * 3;
      await insertMany(env, attendanceMarks, { part, chunk: 1_000 }, (n) => {
        const place = n % places;
        const child = Math.floor(place / 3);
        const sessionId = `seed-session-${(child * 7 + (place % 3) * 13) % seededSessions(childCount)}`;
        const start = startOf.get(sessionId);
        if (!start) return null;
        const meetingDate = dayAfter(start, 7 * Math.floor(n / places));
        return {
          sessionId,
          childId: `seed-child-${child}`,
          meetingDate,
          mark: unit(n, 34) < 0.85 ? "present" : unit(n, 35) < 0.5 ? "absent" : "late",
          updatedAt: `${meetingDate}T22:00:00.000Z`,
        };
      });
    },
  },

  /** 1,000 volunteers, 2,000 shifts over the decade, 10,000 sign-ups with the hours of past ones. */
  volunteers: {
    rows: 1_000,
    perPart: 1_000,
    scales: true,
    async seed(env, part) {
      await insertMany(env, volunteers, { part, chunk: 250 }, (n) => {
        const createdAt = when(n, part.total);
        return {
          id: `seed-volunteer-${n}`,
          email: personEmail(n, "volunteer"),
          name: personName(n + 11),
          phone: `646 555 ${String(1000 + (n % 9000))}`,
          locale: localeOf(n),
          age: 18 + (n % 50),
          createdAt,
          updatedAt: createdAt,
        };
      });
    },
  },

  shifts: {
    rows: 2_000,
    perPart: 2_000,
    scales: true,
    async seed(env, part) {
      await insertMany(env, volunteerShifts, { part, chunk: 250 }, (n) => {
        const startsAt = when(n, part.total).slice(0, 11) + "14:00:00.000Z";
        const role = pick(VOLUNTEER_ROLES, n, 36);
        return {
          id: `seed-shift-${n}`,
          roleSlug: role,
          titleEn: `${role} (${startsAt.slice(0, 10)})`,
          titleEs: `${role} (${startsAt.slice(0, 10)})`,
          startsAt,
          endsAt: startsAt.replace("T14:", "T17:"),
          place: "Community Center, 125 W 116th St",
          capacity: 8,
          requiredClearances: JSON.stringify(role === "mentor" ? ["background-check"] : []),
          createdAt: startsAt,
          updatedAt: startsAt,
        };
      });
    },
  },

  signups: {
    rows: 10_000,
    perPart: 5_000,
    scales: true,
    async seed(env, part) {
      const shifts = Math.max(1, Math.round(part.total / 5));
      const people = Math.max(1, Math.round(part.total / 10));
      const starts = new Map(
        (
          await getDb(env)
            .select({
              id: volunteerShifts.id,
              startsAt: volunteerShifts.startsAt,
              endsAt: volunteerShifts.endsAt,
            })
            .from(volunteerShifts)
        ).map((shift) => [shift.id, shift]),
      );
      await insertMany(env, volunteerSignups, { part, chunk: 500 }, (n) => {
        // Five sign-ups a shift, by five different volunteers.
        const shift = starts.get(`seed-shift-${n % shifts}`);
        if (!shift) return null;
        const past = Date.parse(shift.endsAt) < END;
        const cancelled = unit(n, 37) < 0.08;
        return {
          id: `seed-signup-${n}`,
          shiftId: shift.id,
          volunteerId: `seed-volunteer-${((n % shifts) * 3 + Math.floor(n / shifts) * 211) % people}`,
          status: cancelled ? "cancelled" : "signed-up",
          checkedInAt: past && !cancelled ? shift.startsAt : null,
          checkedOutAt: past && !cancelled ? shift.endsAt : null,
          createdAt: dayAfter(shift.startsAt.slice(0, 10), -10) + "T12:00:00.000Z",
          updatedAt: shift.endsAt,
        };
      });
    },
  },

  /**
   * Gifts staff recorded by hand over the years (checks, cash, stock, DAF grants, in kind), 500
   * pledges paid in instalments, and soft credits on online gifts (employer matches, advisors).
   */
  offlineGifts: {
    rows: 5_000,
    perPart: 5_000,
    scales: true,
    async seed(env, part) {
      const staff = await staffIds(env);
      const pledgeCount = Math.max(1, Math.round(part.total / 10));
      const pledgeRows = range({ from: 0, to: pledgeCount, total: pledgeCount }).map((n) => {
        const createdAt = when(n, pledgeCount);
        return {
          id: `seed-pledge-${n}`,
          donorName: personName(n + 20_000),
          donorEmail: personEmail(n, "pledger"),
          locale: localeOf(n),
          amountCents: 120_000,
          instalments: 4,
          intervalMonths: 3,
          firstDueOn: createdAt.slice(0, 10),
          remind: unit(n, 38) < 0.5,
          createdAt,
          updatedAt: createdAt,
        };
      });
      await insertChunks(env, pledges, pledgeRows);
      const gifts = range(part).map((n) => {
        const paidAt = when(n, part.total);
        const method = pick(OFFLINE_GIFT_METHODS, n, 39);
        // The first four gifts of every ten pay the pledges' instalments.
        const pledge = n % 10 < 4 ? `seed-pledge-${Math.floor(n / 10) % pledgeCount}` : null;
        return {
          id: `seed-offline-gift-${n}`,
          frequency: "one-time",
          amountCents: pledge ? 30_000 : pick([5_000, 10_000, 50_000, 250_000], n, 40),
          status: "succeeded",
          donorName: pledge
            ? personName((Math.floor(n / 10) % pledgeCount) + 20_000)
            : personName(n + 30_000),
          donorEmail: pledge
            ? personEmail(Math.floor(n / 10) % pledgeCount, "pledger")
            : personEmail(n, "check-donor"),
          locale: localeOf(n),
          method,
          checkNumber: method === "check" ? String(1_000 + n) : null,
          dafSponsor: method === "daf" ? "Fidelity Charitable" : null,
          inKindDescription: method === "in_kind" ? "Soccer balls and cones" : null,
          estimateCents: method === "in_kind" ? 40_000 : null,
          pledgeId: pledge,
          recordedBy: staff.length ? pick(staff, n, 41) : null,
          paidAt,
          createdAt: paidAt,
          updatedAt: paidAt,
        };
      });
      await insertChunks(env, donations, gifts);
      const credits = range({ from: 0, to: Math.round(part.total * 0.4), total: part.total }).map((n) => ({
        id: `seed-soft-credit-${n}`,
        donationId: `seed-gift-${n * 5}`,
        email: personEmail(n, "employee"),
        name: personName(n + 40_000),
        kind: pick(SOFT_CREDIT_KINDS, n, 42),
        createdAt: when(n * 5, 50_000),
      }));
      // Only gifts the donations kind wrote at this scale take a credit.
      const existing = new Set(
        (
          await getDb(env)
            .select({ id: donations.id })
            .from(donations)
            .where(
              sql`${donations.id} in (select value from json_each(${JSON.stringify(credits.map((c) => c.donationId))}))`,
            )
        ).map((row) => row.id),
      );
      await insertChunks(
        env,
        softCredits,
        credits.filter((credit) => existing.has(credit.donationId)),
      );
    },
  },

  /** Staff invitations over the decade: most accepted, some revoked or let expire. */
  invites: {
    rows: 60,
    perPart: 60,
    scales: false,
    async seed(env, part) {
      const staff = await staffIds(env);
      await insertMany(env, staffInvites, { part }, (n) => {
        const sentAt = when(n, part.total);
        const roll = unit(n, 43);
        return {
          id: `seed-invite-${n}`,
          email: personEmail(n, "invited"),
          name: personName(n + 50_000),
          role: roll < 0.2 ? "ADMIN" : "STAFF",
          locale: localeOf(n),
          invitedBy: staff[0] ?? null,
          sentAt,
          expiresAt: new Date(Date.parse(sentAt) + 7 * 86_400_000).toISOString(),
          acceptedAt: roll < 0.7 ? sentAt : null,
          revokedAt: roll > 0.9 ? sentAt : null,
          createdAt: sentAt,
        };
      });
    },
  },

  /** Three saved versions of every seeded entry, as editing over the years left them. */
  contentVersions: {
    rows: 2_100,
    perPart: 2_100,
    scales: true,
    async seed(env, part) {
      const entries = await getDb(env)
        .select()
        .from(contentEntries)
        .where(sql`${contentEntries.id} like 'seed-%'`);
      const rows = entries.slice(0, Math.ceil((part.to - part.from) / 3)).flatMap((entry) =>
        [1, 2, 3].map((number) => ({
          id: `seed-version-${entry.id}-${number}`,
          entryId: entry.id,
          number,
          slug: entry.slug,
          status: entry.status,
          fields: JSON.stringify(entry.fields),
          savedByEmail: pick(STAFF, number, 44),
          createdAt: entry.createdAt,
        })),
      );
      await insertChunks(env, contentVersions, rows, 100);
    },
  },
};
