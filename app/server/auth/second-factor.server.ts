import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { and, count, eq, isNull, or, lt, isNotNull } from "drizzle-orm";
import { encode } from "uqr";
import { isStaffRole } from "~/lib/vocabulary";
import type { SessionUser } from "~/lib/session-user";
import { getDb, type Db } from "../db/client.server";
import { passkeys, recoveryCodes, sessions, totpCredentials } from "../db/schema";
import { clearSubjectRateLimit, hitSubjectRateLimit, RATE_LIMITS } from "../kernel/rate-limit.server";
import { sha256Hex } from "../kernel/sha256.server";
import { signingSecret } from "../kernel/signed-token.server";

/** RFC 6238 as every authenticator app reads it: 6 digits, 30-second steps, SHA-1. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** A code from the step before or after the server's clock is accepted (clock drift). */
const TOTP_WINDOW_STEPS = 1;
/** Ten one-use recovery codes, shown once at enrolment (decision 048). */
export const RECOVERY_CODE_COUNT = 10;
/** Unambiguous letters and digits (no 0/O, 1/I/L), grouped "XXXXX-XXXXX" when shown. */
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

type SecretEnv = Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET">;

/**
 * The AES-GCM key for stored TOTP keys, derived with HKDF from the link-signing secret, so a
 * deployment needs no second secret; rotating that secret means everyone enrols again
 * (decision 048).
 */
async function totpEncryptionKey(env: SecretEnv): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(await signingSecret(env)),
    "HKDF",
    false,
    ["deriveKey"],
  );
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: new TextEncoder().encode("totp-key-encryption"),
    },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

async function encryptKey(env: SecretEnv, userId: string, key: Uint8Array<ArrayBuffer>): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  // The user's id is the associated data: a key copied onto another account does not decrypt.
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(userId) },
      await totpEncryptionKey(env),
      key,
    ),
  );
  return `${encodeBase32UpperCaseNoPadding(iv)}.${encodeBase32UpperCaseNoPadding(sealed)}`;
}

async function decryptKey(
  env: SecretEnv,
  userId: string,
  stored: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const [iv, sealed] = stored.split(".");
  if (!iv || !sealed) return null;
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: "AES-GCM",
          iv: new Uint8Array(decodeBase32IgnorePadding(iv)),
          additionalData: new TextEncoder().encode(userId),
        },
        await totpEncryptionKey(env),
        new Uint8Array(decodeBase32IgnorePadding(sealed)),
      ),
    );
  } catch {
    return null;
  }
}

/** What second factor an account has. */
export async function secondFactorStatus(env: Pick<Env, "DB">, userId: string) {
  const db = getDb(env);
  const [[totp], [codes]] = await Promise.all([
    db
      .select({ confirmedAt: totpCredentials.confirmedAt })
      .from(totpCredentials)
      .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt))),
    db
      .select({ left: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { totpSince: totp?.confirmedAt ?? null, recoveryCodesLeft: codes?.left ?? 0 };
}

/** ADMIN and STAFF always pass a second factor; anyone else once they have added one. */
export function secondFactorRequired(user: SessionUser, status: { totpSince: string | null }) {
  return isStaffRole(user.role) || status.totpSince !== null;
}

/** The QR code of a text as one SVG path over a square of `size` modules (no markup from outside). */
function qrCodePath(text: string) {
  const { data, size } = encode(text, { border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return { path, size };
}

export type TotpOffer = { key: string; uri: string; qr: { path: string; size: number } };

/**
 * The authenticator key offered to an account that has none confirmed: the one already offered
 * (a reload shows the same key), else a new one. Shown until the first code confirms it, never
 * after (decision 048).
 */
export async function offerTotpKey(
  env: SecretEnv & Pick<Env, "SITE_URL">,
  user: SessionUser,
): Promise<TotpOffer | null> {
  const db = getDb(env);
  const [existing] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id));
  if (existing?.confirmedAt) return null;
  let key: Uint8Array<ArrayBuffer> | null = existing
    ? await decryptKey(env, user.id, existing.encryptedKey)
    : null;
  if (!key) {
    key = crypto.getRandomValues(new Uint8Array(20));
    const encryptedKey = await encryptKey(env, user.id, key);
    await db
      .insert(totpCredentials)
      .values({ userId: user.id, encryptedKey })
      .onConflictDoUpdate({ target: totpCredentials.userId, set: { encryptedKey } });
  }
  const issuer = new URL(env.SITE_URL).hostname;
  const uri = createTOTPKeyURI(issuer, user.email, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  return {
    key: encodeBase32UpperCaseNoPadding(key).replace(/(.{4})(?=.)/g, "$1 "),
    uri,
    qr: qrCodePath(uri),
  };
}

/** The step of `code` within ±1 step of now, or null; each candidate compared in constant time. */
function matchingStep(key: Uint8Array, code: string, nowMs: number): number | null {
  const current = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
  let found: number | null = null;
  for (let offset = -TOTP_WINDOW_STEPS; offset <= TOTP_WINDOW_STEPS; offset++) {
    const expected = generateHOTP(key, BigInt(current + offset), TOTP_DIGITS);
    let difference = expected.length ^ code.length;
    for (let index = 0; index < expected.length; index++) {
      difference |= expected.charCodeAt(index) ^ code.charCodeAt(index);
    }
    if (difference === 0) found = current + offset;
  }
  return found;
}

/**
 * Accepts a TOTP code once: the step is written only if it is newer than the last one used,
 * in one conditional UPDATE, so the same code sent twice (even at once) opens one session.
 */
async function acceptTotpCode(env: SecretEnv, userId: string, code: string, confirming: boolean) {
  const db = getDb(env);
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
  if (!row || (row.confirmedAt === null) !== confirming) return false;
  const key = await decryptKey(env, userId, row.encryptedKey);
  const step = key ? matchingStep(key, code, Date.now()) : null;
  if (step === null) return false;
  const [accepted] = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step, ...(confirming ? { confirmedAt: new Date().toISOString() } : {}) })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return Boolean(accepted);
}

function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const characters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${characters.slice(0, 5).join("")}-${characters.slice(5).join("")}`;
}

/** A typed recovery code in one spelling: case, spaces and the dash do not matter. */
function normalRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** New recovery codes replace any earlier ones; returned once, stored only as hashes. */
function recoveryCodeStatements(db: Db, userId: string, hashes: string[]) {
  return [
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ codeHash, userId }))),
  ] as const;
}

export type CodeOutcome = { ok: true } | { ok: false; reason: "invalid" | "rate-limited" };

/**
 * Runs one check of a second factor under RATE_LIMITS.secondFactor (per account, whoever sends);
 * a success clears the count.
 */
export async function withCodeLimit(
  env: Pick<Env, "DB">,
  userId: string,
  check: () => Promise<boolean>,
): Promise<CodeOutcome> {
  if (!(await hitSubjectRateLimit(env, "second-factor", userId, RATE_LIMITS.secondFactor)).allowed) {
    return { ok: false, reason: "rate-limited" };
  }
  if (!(await check())) return { ok: false, reason: "invalid" };
  await clearSubjectRateLimit(env, "second-factor", userId);
  return { ok: true };
}

/**
 * The first code from the app confirms the offered key; the account then gets its recovery
 * codes, returned here to be shown once.
 */
export async function confirmTotpKey(
  env: SecretEnv,
  userId: string,
  code: string,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; reason: "invalid" | "rate-limited" }> {
  const outcome = await withCodeLimit(env, userId, () => acceptTotpCode(env, userId, code, true));
  if (!outcome.ok) return outcome;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((one) => sha256Hex(normalRecoveryCode(one))));
  const db = getDb(env);
  await db.batch(recoveryCodeStatements(db, userId, hashes));
  return { ok: true, recoveryCodes: codes };
}

/**
 * The second step of a sign-in: a code from the app (six digits) or an unused recovery code,
 * which is then used up. Attempts count per account (RATE_LIMITS.secondFactor), whoever sends.
 */
export async function verifySecondFactor(
  env: SecretEnv,
  userId: string,
  typed: string,
): Promise<CodeOutcome> {
  const code = typed.replace(/\s/g, "");
  if (/^\d{6}$/.test(code)) return withCodeLimit(env, userId, () => acceptTotpCode(env, userId, code, false));
  return withCodeLimit(env, userId, async () => {
    const [used] = await getDb(env)
      .update(recoveryCodes)
      .set({ usedAt: new Date().toISOString() })
      .where(
        and(
          eq(recoveryCodes.codeHash, await sha256Hex(normalRecoveryCode(code))),
          eq(recoveryCodes.userId, userId),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ codeHash: recoveryCodes.codeHash });
    return Boolean(used);
  });
}

/**
 * What an admin's reset of another person's second factor does, for one batch with its audit
 * row: the key, the recovery codes, the passkeys and every session go, so the next sign-in
 * enrols again.
 */
export function resetSecondFactorStatements(db: Db, userId: string) {
  return [
    db.delete(totpCredentials).where(eq(totpCredentials.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(passkeys).where(eq(passkeys.userId, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
  ] as const;
}
