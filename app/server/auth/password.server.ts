/**
 * Password hashing: PBKDF2-SHA-256 with a per-user random salt (WebCrypto, docs/architecture.md, Accounts).
 * scripts/admin-create.mjs hashes with the same parameters in Node's WebCrypto.
 */

// PBKDF2 above 100,000 iterations is refused in production Workers (local workerd allows it,
// so only a test pinning this number catches a raise).
export const PBKDF2_ITERATIONS = 100_000;
export const SALT_BYTES = 16;
const HASH_BITS = 256;

type PasswordHash = { hash: string; salt: string; iterations: number };

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS),
  );
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return { hash: toBase64(hash), salt: toBase64(salt), iterations: PBKDF2_ITERATIONS };
}

/** Compares in constant time; the stored iteration count is used, so old hashes still verify. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = fromBase64(stored.hash);
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations);
  if (actual.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < actual.length; index++) difference |= actual[index]! ^ expected[index]!;
  return difference === 0;
}

/** A hash of nothing, verified against when no account matches, so timing reveals nothing. */
let dummy: Promise<PasswordHash> | undefined;
export function dummyPasswordHash(): Promise<PasswordHash> {
  dummy ??= hashPassword(crypto.randomUUID());
  return dummy;
}
