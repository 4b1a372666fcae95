import { and, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { getDb, type Db } from "../db/client.server";
import { outbox } from "../db/schema";
import { logError } from "../kernel/log.server";
import { safeHeaders } from "./headers.server";
import type { OutgoingEmail, QueuedEmail } from "./message.server";
import { getMailTransport } from "./transport.server";

/** After this many failed attempts a message shows as "failed"; it is still retried slowly. */
export const MAX_ATTEMPTS = 8;
/** How often a "failed" message is tried again, so a long outage loses nothing (decision 016). */
const SLOW_RETRY_MINUTES = 360;
/** Messages one delivery claims at a time; the lease covers sending all of them. */
const CLAIM_BATCH = 10;

/** Minutes to wait before the next attempt: 1, 2, 4 … then every six hours. */
export function retryDelayMinutes(attempts: number): number {
  if (attempts >= MAX_ATTEMPTS) return SLOW_RETRY_MINUTES;
  return Math.min(2 ** Math.max(attempts - 1, 0), SLOW_RETRY_MINUTES);
}

/** How long the provider may take to answer one message (MAIL_TIMEOUT_SECONDS, wrangler.toml). */
function transportTimeoutMs(env: Env): number {
  const seconds = Number(env.MAIL_TIMEOUT_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 10) * 1000;
}

/** How long a delivery holds what it claimed: long enough to send a whole claim, one timeout each. */
function leaseMs(env: Env): number {
  return CLAIM_BATCH * transportTimeoutMs(env) + 30_000;
}

/**
 * The insert for one message, to run in the same `db.batch([...])` as the record it belongs
 * to, so a submission is never stored without its mail (docs/architecture.md, Outbox). Every
 * message passes here, so this is where header values lose their line breaks (decision 014).
 */
export function queueEmail(db: Db, email: OutgoingEmail, id: string = crypto.randomUUID()) {
  return db.insert(outbox).values({ id, ...safeHeaders(email) });
}

/**
 * `queueEmail` for mail the request sends itself right after its answer: the row is stored
 * already claimed by this request (a lease, as a delivery's claim would set), so
 * `deliverLeased` sends it without a claim first (decision 033). Nothing else sends it while
 * the lease lasts; should the request die, the lease ends and the Cron Trigger sends it.
 */
export function queueLeasedEmail(db: Db, env: Env, email: OutgoingEmail, id: string = crypto.randomUUID()) {
  const now = new Date().toISOString();
  const leaseUntil = new Date(Date.now() + leaseMs(env)).toISOString();
  const safe = safeHeaders(email);
  // The row as the insert stores it (the table's defaults for the rest), for the sender.
  const message: QueuedEmail = {
    id,
    ...safe,
    html: safe.html ?? null,
    replyTo: safe.replyTo ?? null,
    headers: safe.headers ?? null,
    status: "pending",
    attempts: 0,
    lastError: null,
    nextAttemptAt: now,
    leaseUntil,
    sentAt: null,
    createdAt: now,
  };
  return { statement: db.insert(outbox).values({ id, ...safe, leaseUntil }), message };
}

/**
 * Claims up to CLAIM_BATCH due messages in one conditional UPDATE … RETURNING: SQLite runs it
 * as one write, so two deliveries at once never get the same row; the lease ends on its own if
 * the sender dies (decision 016). Leases run on the wall clock, whatever time a Cron run is
 * scheduled for.
 */
async function claimDue(db: Db, due: ReturnType<typeof and>, leaseMs: number) {
  const clock = Date.now();
  const leaseFree = or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, new Date(clock).toISOString()));
  const candidates = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(due, leaseFree))
    .orderBy(outbox.nextAttemptAt)
    .limit(CLAIM_BATCH);
  return db
    .update(outbox)
    .set({ leaseUntil: new Date(clock + leaseMs).toISOString() })
    .where(and(inArray(outbox.id, candidates), leaseFree, ne(outbox.status, "sent")))
    .returning();
}

/**
 * Sends what is due: the given messages (right after a request, in waitUntil), or every
 * message whose next attempt has come, "failed" ones included (the Cron Trigger, whose
 * scheduled time is `now`). Never throws.
 */
export async function deliverOutbox(env: Env, options: { ids?: string[]; limit?: number; now?: Date } = {}) {
  const db = getDb(env);
  const transport = getMailTransport(env);
  const timeoutMs = transportTimeoutMs(env);
  const limit = options.limit ?? 50;
  let attempted = 0;
  let sent = 0;
  while (attempted < limit) {
    const now = options.now ?? new Date();
    const due = options.ids
      ? and(inArray(outbox.id, options.ids), eq(outbox.status, "pending"))
      : and(inArray(outbox.status, ["pending", "failed"]), lte(outbox.nextAttemptAt, now.toISOString()));
    const claimed = await claimDue(db, due, leaseMs(env));
    if (claimed.length === 0) break;
    for (const message of claimed) {
      attempted++;
      // Recorded at once, before the next send of the claim.
      const outcome = await sendOne(env, message, transport, timeoutMs);
      await outcomeUpdate(db, outcome, now);
      if (outcome.sent) sent++;
    }
    if (options.ids) break;
  }
  return { attempted, sent };
}

/**
 * Sends the messages this request queued with `queueLeasedEmail` (in waitUntil), one after the
 * other, then records the outcomes: the sent ones in one statement. Never throws; what it could
 * not record keeps its lease, which ends, and the Cron Trigger sends it again under the same
 * idempotency key, which the provider drops as a repeat (decision 016).
 */
export async function deliverLeased(env: Env, messages: QueuedEmail[]) {
  if (messages.length === 0) return { attempted: 0, sent: 0 };
  try {
    const db = getDb(env);
    const transport = getMailTransport(env);
    const timeoutMs = transportTimeoutMs(env);
    const now = new Date();
    const outcomes: SendOutcome[] = [];
    for (const message of messages) outcomes.push(await sendOne(env, message, transport, timeoutMs));
    const sentIds = outcomes.flatMap((outcome) => (outcome.sent ? [outcome.message.id] : []));
    const failed = outcomes.flatMap((outcome) => (outcome.sent ? [] : [outcome]));
    await Promise.all([
      sentIds.length > 0 ? markSent(db, sentIds) : null,
      ...failed.map((outcome) => outcomeUpdate(db, outcome, now)),
    ]);
    return { attempted: messages.length, sent: sentIds.length };
  } catch (error) {
    logError(error, { outboxIds: messages.map((message) => message.id).join(",") });
    return { attempted: messages.length, sent: 0 };
  }
}

type SendOutcome =
  { message: QueuedEmail; sent: true } | { message: QueuedEmail; sent: false; error: unknown };

async function sendOne(
  env: Env,
  message: QueuedEmail,
  transport: ReturnType<typeof getMailTransport>,
  timeoutMs: number,
): Promise<SendOutcome> {
  try {
    await transport(message, env, AbortSignal.timeout(timeoutMs));
    return { message, sent: true };
  } catch (error) {
    logError(error, { outboxId: message.id, template: message.template });
    return { message, sent: false, error };
  }
}

/** The UPDATE that marks messages sent (their lease ends, no delivery picks them again), the ids as one JSON array. */
function prepareMarkSent(db: Db) {
  return db
    .update(outbox)
    .set({
      status: "sent",
      sentAt: sql`${sql.placeholder("sentAt")}`,
      attempts: sql`${outbox.attempts} + 1`,
      lastError: null,
      leaseUntil: null,
    })
    .where(sql`${outbox.id} in (select value from json_each(${sql.placeholder("ids")}))`)
    .prepare();
}

/**
 * Prepared once per drizzle client (one per D1 binding, decision 031): every message sent passes
 * here, and building the statement's SQL cost more CPU than running it (decision 033).
 */
const markSentStatements = new WeakMap<Db, ReturnType<typeof prepareMarkSent>>();

async function markSent(db: Db, ids: string[]) {
  let statement = markSentStatements.get(db);
  if (!statement) markSentStatements.set(db, (statement = prepareMarkSent(db)));
  await statement.run({ sentAt: new Date().toISOString(), ids: JSON.stringify(ids) });
}

/** A failed attempt: counted, its error kept, and the next attempt later (unless sent meanwhile). */
async function failedUpdate(db: Db, message: QueuedEmail, error: unknown, now: Date) {
  const attempts = message.attempts + 1;
  const next = new Date(now.getTime() + retryDelayMinutes(attempts) * 60_000);
  await db
    .update(outbox)
    .set({
      attempts,
      status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      nextAttemptAt: next.toISOString(),
      lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      leaseUntil: null,
    })
    .where(and(eq(outbox.id, message.id), ne(outbox.status, "sent")));
}

function outcomeUpdate(db: Db, outcome: SendOutcome, now: Date) {
  return outcome.sent
    ? markSent(db, [outcome.message.id])
    : failedUpdate(db, outcome.message, outcome.error, now);
}

/** An admin's retry: the message becomes due now, with its attempts kept for the record. */
export async function retryOutboxMessage(env: Env, id: string) {
  await getDb(env)
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: new Date().toISOString() })
    .where(and(eq(outbox.id, id), ne(outbox.status, "sent")));
  return deliverOutbox(env, { ids: [id] });
}

/** An admin's "retry all": every failed message becomes due now and one delivery runs. */
export async function retryFailedOutbox(env: Env) {
  await getDb(env)
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: new Date().toISOString() })
    .where(eq(outbox.status, "failed"));
  return deliverOutbox(env);
}
