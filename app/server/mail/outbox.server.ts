import { and, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getDb, insertJsonRows, retryTransientOnce, type Db } from "../db/client.server";
import { outbox } from "../db/schema";
import { logError, logInfo } from "../kernel/log.server";
import { safeHeaders } from "./headers.server";
import type { OutgoingEmail, QueuedEmail } from "./message.server";
import { getMailTransport, mailHeldReason } from "./transport.server";

/** After this many failed attempts a message shows as "failed"; it is still retried slowly. */
export const MAX_ATTEMPTS = 8;
/** How often a "failed" message is tried again, so a long outage loses nothing (decision 016). */
const SLOW_RETRY_MINUTES = 360;
/**
 * Messages one delivery claims at a time; the lease covers sending all of them, and their outcomes
 * are recorded together: two D1 queries a claim, whatever its size (decision 045).
 */
const CLAIM_BATCH = 25;
/**
 * Messages one Cron run sends at most: a subrequest each and two D1 queries a claim keep the run,
 * with the rest of its work, within half the Workers Paid plan's per-invocation limits; what is
 * left goes five minutes later (docs/decisions/045-within-the-platform-limits.md).
 */
export const CRON_MAIL_LIMIT = 300;

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

/** A JSON parameter at most this long (D1 takes strings up to 2 MB; a character may take 3 bytes). */
const JSON_PARAMETER_CHARS = 300_000;

/**
 * `queueEmail` for many messages at once (a newsletter step, a pass of the January statements):
 * the rows travel as one JSON parameter per statement, so queueing a hundred messages is one D1
 * query, not a hundred, and never nears D1's 100 bound parameters (decision 045). A message
 * already queued under its id stays as it is. Put the statements in the `db.batch` of the record.
 */
export function queueEmails(db: Db, messages: { id: string; email: OutgoingEmail }[]) {
  const chunks: Record<string, unknown>[][] = [[]];
  let length = 0;
  for (const { id, email } of messages) {
    const safe = safeHeaders(email);
    const row = { id, ...safe, headers: safe.headers ? JSON.stringify(safe.headers) : undefined };
    const size = JSON.stringify(row).length;
    if (length + size > JSON_PARAMETER_CHARS && chunks.at(-1)!.length > 0) {
      chunks.push([]);
      length = 0;
    }
    chunks.at(-1)!.push(row);
    length += size;
  }
  return chunks.filter((chunk) => chunk.length > 0).map((chunk) => insertJsonRows(db, outbox, chunk));
}

/** `id in (…)` over any number of ids with one bound parameter (D1 allows 100 per query). */
function idIn(column: typeof outbox.id, ids: string[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * Whether delivery must hold the mail (the "log" transport on a site that is not a local run):
 * nothing is sent, marked or counted as an attempt, and a log line says why; /admin/outbox says
 * it too (`mailHeldReason`).
 */
function mailHeld(env: Env, queued: number | "due"): boolean {
  const reason = mailHeldReason(env);
  if (reason)
    logInfo("mail held, not sent: the log transport only prints, and SITE_URL is not a local address", {
      reason,
      queued,
      fix: "set MAIL_TRANSPORT to http or cloudflare (README, Deploy)",
    });
  return reason !== null;
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
async function claimDue(db: Db, due: SQL | undefined, leaseMs: number, size: number) {
  const clock = Date.now();
  const leaseFree = or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, new Date(clock).toISOString()));
  const candidates = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(due, leaseFree))
    .orderBy(outbox.nextAttemptAt)
    .limit(size);
  // Retried once on a transient D1 error: a claim that did commit only holds its rows until the
  // lease ends, and then they go out (decision 045).
  return retryTransientOnce(() =>
    db
      .update(outbox)
      .set({ leaseUntil: new Date(clock + leaseMs).toISOString() })
      .where(and(inArray(outbox.id, candidates), leaseFree, ne(outbox.status, "sent")))
      .returning(),
  );
}

/**
 * Sends what is due: the given messages (a few, right after a request, in waitUntil), or up to
 * `limit` messages whose next attempt has come, "failed" ones included (the Cron Trigger, whose
 * scheduled time is `now`), a claim at a time. A claim that sends nothing ends the delivery: the
 * provider is down, and the rest waits for its retry time instead of for one timeout each.
 */
export async function deliverOutbox(env: Env, options: { ids?: string[]; limit?: number; now?: Date } = {}) {
  if (mailHeld(env, options.ids?.length ?? "due")) return { attempted: 0, sent: 0 };
  const db = getDb(env);
  const transport = getMailTransport(env);
  const timeoutMs = transportTimeoutMs(env);
  const limit = options.ids ? Math.min(options.ids.length, CLAIM_BATCH) : (options.limit ?? CLAIM_BATCH);
  let attempted = 0;
  let sent = 0;
  while (attempted < limit) {
    const now = options.now ?? new Date();
    const due = options.ids
      ? and(idIn(outbox.id, options.ids), eq(outbox.status, "pending"))
      : and(inArray(outbox.status, ["pending", "failed"]), lte(outbox.nextAttemptAt, now.toISOString()));
    const claimed = await claimDue(db, due, leaseMs(env), Math.min(CLAIM_BATCH, limit - attempted));
    if (claimed.length === 0) break;
    const outcomes: SendOutcome[] = [];
    for (const message of claimed) outcomes.push(await sendOne(env, message, transport, timeoutMs));
    await recordOutcomes(db, outcomes, now);
    attempted += outcomes.length;
    const sentNow = outcomes.filter((outcome) => outcome.sent).length;
    sent += sentNow;
    if (options.ids || sentNow === 0) break;
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
  if (messages.length === 0 || mailHeld(env, messages.length)) return { attempted: 0, sent: 0 };
  try {
    const db = getDb(env);
    const transport = getMailTransport(env);
    const timeoutMs = transportTimeoutMs(env);
    const outcomes: SendOutcome[] = [];
    for (const message of messages) outcomes.push(await sendOne(env, message, transport, timeoutMs));
    await recordOutcomes(db, outcomes, new Date());
    return { attempted: messages.length, sent: outcomes.filter((outcome) => outcome.sent).length };
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
function failedUpdate(db: Db, message: QueuedEmail, error: unknown, now: Date) {
  const attempts = message.attempts + 1;
  const next = new Date(now.getTime() + retryDelayMinutes(attempts) * 60_000);
  return db
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

/** What a claim's sends came to: the sent ones in one statement, the failed ones in one batch. */
async function recordOutcomes(db: Db, outcomes: SendOutcome[], now: Date) {
  const sentIds = outcomes.flatMap((outcome) => (outcome.sent ? [outcome.message.id] : []));
  const [firstFailure, ...otherFailures]: BatchItem<"sqlite">[] = outcomes.flatMap((outcome) =>
    outcome.sent ? [] : [failedUpdate(db, outcome.message, outcome.error, now)],
  );
  await Promise.all([
    sentIds.length > 0 ? markSent(db, sentIds) : null,
    firstFailure ? db.batch([firstFailure, ...otherFailures]) : null,
  ]);
}

/** An admin's retry: the message becomes due now, with its attempts kept for the record. */
export async function retryOutboxMessage(env: Env, id: string) {
  await getDb(env)
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: new Date().toISOString() })
    .where(and(eq(outbox.id, id), ne(outbox.status, "sent")));
  return deliverOutbox(env, { ids: [id] });
}

/**
 * An admin's "retry all": every failed message becomes due now, and the next Cron run, within five
 * minutes, sends them a few hundred at a time; the request itself sends none (decision 045).
 * Returns how many became due.
 */
export async function retryFailedOutbox(env: Env): Promise<number> {
  const result = await getDb(env)
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: new Date().toISOString() })
    .where(eq(outbox.status, "failed"));
  return result.meta.changes;
}
