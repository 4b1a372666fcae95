import { eq, ne } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { childHealthRecords } from "../db/schema";
import { isLoopbackSite } from "../kernel/local-run.server";
import { logError } from "../kernel/log.server";
import { auditEntry } from "../records/audit.server";

/**
 * A child's health record (decision 054): what a guardian writes about health, allergies,
 * medications and special needs, and who to call and who may collect the child. Stored only as
 * AES-GCM ciphertext; nothing here ever goes into an e-mail.
 */
export type HealthRecord = {
  healthNotes: string;
  allergies: string;
  medications: string;
  specialNeeds: string;
  emergencyContacts: { name: string; phone: string; relation: string }[];
  pickupPeople: { name: string; phone: string }[];
};

type KeyEnv = Pick<Env, "CHILD_DATA_KEYS" | "CACHE" | "SITE_URL">;
type DataKey = { id: string; key: CryptoKey };

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
}

const imported = new Map<string, Promise<DataKey[]>>();

/**
 * The keys of the CHILD_DATA_KEYS secret, "id:base64-of-32-bytes" separated by commas: the
 * first encrypts, every one decrypts, so a new key goes first and the old one stays until
 * `reencryptHealthRecords` has moved every row (docs/deploy.md, "Children's data key").
 */
export async function childDataKeys(env: KeyEnv): Promise<DataKey[]> {
  let secret: string | null | undefined = env.CHILD_DATA_KEYS?.trim();
  if (!secret) {
    // Without the secret only a local run (SITE_URL on a loopback host) makes itself a random key
    // kept in KV, so `npm start` alone gives a working family flow; anywhere else the missing
    // secret refuses every read and write (decision 054). Written then read back, so two first
    // requests racing settle on the same key.
    if (!isLoopbackSite(env.SITE_URL))
      throw new Error("CHILD_DATA_KEYS is not set: children's health records cannot be read or written.");
    const localKeyName = "secrets:child-data-key";
    secret = await env.CACHE.get(localKeyName);
    if (!secret) {
      await env.CACHE.put(localKeyName, `local:${toBase64(crypto.getRandomValues(new Uint8Array(32)))}`);
      secret = (await env.CACHE.get(localKeyName))!;
    }
  }
  let keys = imported.get(secret);
  if (!keys) {
    keys = Promise.all(
      secret.split(",").map(async (entry) => {
        const [id = "", material = ""] = entry.trim().split(":");
        const raw = fromBase64(material);
        if (!KEY_ID.test(id) || raw.length !== 32)
          throw new Error("CHILD_DATA_KEYS holds an entry that is not id:base64 of 32 bytes.");
        return {
          id,
          key: await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]),
        };
      }),
    );
    // A malformed secret is not kept, so fixing it takes effect without a new isolate.
    keys.catch(() => imported.delete(secret));
    imported.set(secret, keys);
  }
  return keys;
}

/** Sealed children's data as stored: the key's id, and `iv.ciphertext` in base64. */
export type SealedChildData = { keyId: string; ciphertext: string };

/**
 * Seals `value` as JSON under the current key. `boundTo` (the record's own id, with what it is)
 * is the additional data, so a ciphertext copied onto another row does not open.
 */
export async function encryptChildData(
  env: KeyEnv,
  boundTo: string,
  value: unknown,
): Promise<SealedChildData> {
  const [current] = await childDataKeys(env);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(boundTo) },
      current!.key,
      encoder.encode(JSON.stringify(value)),
    ),
  );
  return { keyId: current!.id, ciphertext: `${toBase64(iv)}.${toBase64(sealed)}` };
}

export async function decryptChildData<T>(env: KeyEnv, boundTo: string, row: SealedChildData): Promise<T> {
  const entry = (await childDataKeys(env)).find((key) => key.id === row.keyId);
  if (!entry) throw new Error(`CHILD_DATA_KEYS has no key "${row.keyId}" for a stored health record.`);
  const [iv = "", sealed = ""] = row.ciphertext.split(".");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv), additionalData: encoder.encode(boundTo) },
    entry.key,
    fromBase64(sealed),
  );
  return JSON.parse(decoder.decode(plain)) as T;
}

const childBinding = (childId: string) => `child-health:${childId}`;

export function encryptHealthRecord(env: KeyEnv, childId: string, record: HealthRecord) {
  return encryptChildData(env, childBinding(childId), record);
}

export function decryptHealthRecord(
  env: KeyEnv,
  row: { childId: string } & SealedChildData,
): Promise<HealthRecord> {
  return decryptChildData<HealthRecord>(env, childBinding(row.childId), row);
}

/**
 * The statement that stores a child's record, for the batch of the guardian's save. Wrapped in an
 * object: a drizzle query is thenable, so an async function returning it bare would run it.
 */
export async function healthRecordWrite(
  env: KeyEnv & Pick<Env, "DB">,
  childId: string,
  record: HealthRecord,
) {
  const sealed = await encryptHealthRecord(env, childId, record);
  const statement = getDb(env)
    .insert(childHealthRecords)
    .values({ childId, ...sealed })
    .onConflictDoUpdate({
      target: childHealthRecords.childId,
      set: { ...sealed, updatedAt: new Date().toISOString() },
    });
  return { statement };
}

/** The guardian's own read (their page, their download): not audited, it is their child. */
export async function readHealthRecord(env: KeyEnv & Pick<Env, "DB">, childId: string) {
  const [row] = await getDb(env)
    .select()
    .from(childHealthRecords)
    .where(eq(childHealthRecords.childId, childId));
  return row ? decryptHealthRecord(env, row) : undefined;
}

/**
 * Staff reading children's health records (a roster, one child): the audit row is written
 * before anything is decrypted, so no read goes unrecorded (decision 054).
 */
export async function readHealthRecordsAsStaff(
  env: KeyEnv & Pick<Env, "DB">,
  staff: SessionUser,
  childIds: string[],
  reason: { targetType: string; targetId: string },
): Promise<Map<string, HealthRecord>> {
  const db = getDb(env);
  await auditEntry(db, staff, {
    action: "child-health.read",
    targetType: reason.targetType,
    targetId: reason.targetId,
    detail: { children: childIds },
  });
  if (childIds.length === 0) return new Map();
  const rows = await env.DB.prepare(
    `SELECT child_id AS childId, key_id AS keyId, ciphertext FROM child_health_records
     WHERE child_id IN (SELECT value FROM json_each(?1))`,
  )
    .bind(JSON.stringify(childIds))
    .all<{ childId: string; keyId: string; ciphertext: string }>();
  const records = await Promise.all(
    rows.results.map(async (row) => [row.childId, await decryptHealthRecord(env, row)] as const),
  );
  return new Map(records);
}

/**
 * The answers of a public form's health fields (`health: true`: the athletics form's medical
 * information, the education form's special needs), sealed bound to the submission's id.
 */
export type SubmissionHealth = Record<string, string>;
const submissionBinding = (submissionId: string) => `submission-health:${submissionId}`;

export function encryptSubmissionHealth(env: KeyEnv, submissionId: string, answers: SubmissionHealth) {
  return encryptChildData(env, submissionBinding(submissionId), answers);
}

/**
 * Staff opening a submission's health answers: the audit row is written before anything is
 * decrypted, as for a child's record (decision 054).
 */
export async function readSubmissionHealthAsStaff(
  env: KeyEnv & Pick<Env, "DB">,
  staff: SessionUser,
  submission: { id: string; kind: string; healthData: SealedChildData | null },
): Promise<SubmissionHealth> {
  await auditEntry(getDb(env), staff, {
    action: "submission.health.read",
    targetType: "submission",
    targetId: submission.id,
    detail: { kind: submission.kind },
  });
  if (!submission.healthData) return {};
  return decryptChildData<SubmissionHealth>(env, submissionBinding(submission.id), submission.healthData);
}

/** Rows a pass of the re-encryption moves, per table: small enough for any invocation (decision 045). */
export const REENCRYPT_BATCH = 50;

type StaleRow = { id: string; boundTo: string; sealed: SealedChildData };

/**
 * Each row opened with its key and sealed again under the current one; a row no key opens (its
 * key dropped too early, or the row altered) is left as it is, named in the log.
 */
async function resealed(env: KeyEnv, rows: StaleRow[], where: string) {
  const settled = await Promise.allSettled(
    rows.map(async (row) => ({
      row,
      sealed: await encryptChildData(env, row.boundTo, await decryptChildData(env, row.boundTo, row.sealed)),
    })),
  );
  for (const [index, outcome] of settled.entries())
    if (outcome.status === "rejected") logError(outcome.reason, { where, id: rows[index]!.id });
  return settled.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
}

/**
 * Moves up to REENCRYPT_BATCH children's records, and as many submissions' health answers, that
 * are not under the current key onto it (each update only if the row has not changed meanwhile).
 * The Cron runs a pass each time, so after a rotation every row is on the new key within a few
 * runs; it answers how many it moved.
 */
export async function reencryptHealthRecords(env: KeyEnv & Pick<Env, "DB">): Promise<number> {
  if (!env.CHILD_DATA_KEYS) return 0;
  const [current] = await childDataKeys(env);
  const [records, answers] = await Promise.all([
    getDb(env)
      .select()
      .from(childHealthRecords)
      .where(ne(childHealthRecords.keyId, current!.id))
      .limit(REENCRYPT_BATCH),
    // The expression and the condition of the partial index (schema.ts): the pass reads that
    // index, never the whole inbox.
    env.DB.prepare(
      `SELECT id, health_data AS healthData FROM submissions
       WHERE health_data IS NOT NULL AND health_data ->> '$.keyId' != ?1 LIMIT ?2`,
    )
      .bind(current!.id, REENCRYPT_BATCH)
      .all<{ id: string; healthData: string }>(),
  ]);
  if (records.length === 0 && answers.results.length === 0) return 0;
  const [movedRecords, movedAnswers] = await Promise.all([
    resealed(
      env,
      records.map((row) => ({ id: row.childId, boundTo: childBinding(row.childId), sealed: row })),
      "child health record re-encryption",
    ),
    resealed(
      env,
      answers.results.map((row) => ({
        id: row.id,
        boundTo: submissionBinding(row.id),
        sealed: JSON.parse(row.healthData) as SealedChildData,
      })),
      "submission health re-encryption",
    ),
  ]);
  const updates = [
    ...movedRecords.map(({ row, sealed }) =>
      env.DB.prepare(
        "UPDATE child_health_records SET key_id = ?2, ciphertext = ?3 WHERE child_id = ?1 AND ciphertext = ?4",
      ).bind(row.id, sealed.keyId, sealed.ciphertext, row.sealed.ciphertext),
    ),
    ...movedAnswers.map(({ row, sealed }) =>
      env.DB.prepare(
        "UPDATE submissions SET health_data = ?2 WHERE id = ?1 AND health_data ->> '$.ciphertext' = ?3",
      ).bind(row.id, JSON.stringify(sealed), row.sealed.ciphertext),
    ),
  ];
  const [first, ...rest] = updates;
  if (!first) return 0;
  await env.DB.batch([first, ...rest]);
  return updates.length;
}
