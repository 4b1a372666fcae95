/**
 * Signed, expiring tokens for links sent by e-mail (newsletter confirmation and unsubscribe,
 * donor self-service): HMAC-SHA-256 over the payload, so nothing needs storing to check one.
 */
const encoder = new TextEncoder();
const KEY_KV_NAME = "secrets:link-signing";
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
}

/**
 * The secret from LINK_SIGNING_SECRET; without it, a random one kept in KV, so a fresh local
 * run works and no default secret ever ships.
 */
export async function signingSecret(env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">): Promise<string> {
  if (env.LINK_SIGNING_SECRET) return env.LINK_SIGNING_SECRET;
  const stored = await env.CACHE.get(KEY_KV_NAME);
  if (stored) return stored;
  const generated = base64url(crypto.getRandomValues(new Uint8Array(32)));
  await env.CACHE.put(KEY_KV_NAME, generated);
  return generated;
}

async function hmacKey(env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">) {
  return crypto.subtle.importKey(
    "raw",
    encoder.encode(await signingSecret(env)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

/** `purpose` keeps a token made for one link from opening another. */
export async function signToken(
  env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">,
  purpose: string,
  subject: string,
  ttlSeconds: number,
): Promise<string> {
  return (await tokenSigner(env, purpose, ttlSeconds))(subject);
}

/**
 * `signToken` for many subjects (a Cron run's reminders): the key is read and imported once,
 * not once a token, so a run makes one KV read whatever its size (decision 045).
 */
export async function tokenSigner(
  env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">,
  purpose: string,
  ttlSeconds: number,
): Promise<(subject: string) => Promise<string>> {
  const key = await hmacKey(env);
  return async (subject) => {
    const payload = base64url(
      encoder.encode(
        JSON.stringify({ p: purpose, s: subject, e: Math.floor(Date.now() / 1000) + ttlSeconds }),
      ),
    );
    const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(payload)));
    return `${payload}.${base64url(signature)}`;
  };
}

/** The subject of a valid, unexpired token for this purpose, or null. */
export async function verifyToken(
  env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">,
  purpose: string,
  token: string,
): Promise<string | null> {
  // Exactly `payload.signature`, each in the alphabet signToken writes: a third segment or
  // anything appended makes the token invalid, not ignored.
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) return null;
  let valid = false;
  try {
    const signatureBytes = fromBase64url(signature);
    // Base64 text has more than one spelling of the same bytes (the unused low bits of the last
    // character); only the one signToken writes is accepted.
    if (base64url(signatureBytes) !== signature) return null;
    valid = await crypto.subtle.verify("HMAC", await hmacKey(env), signatureBytes, encoder.encode(payload));
  } catch {
    return null;
  }
  if (!valid) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as {
      p: string;
      s: string;
      e: number;
    };
    if (claims.p !== purpose || claims.e < Math.floor(Date.now() / 1000)) return null;
    return claims.s;
  } catch {
    return null;
  }
}

/**
 * A short tag for `subject`, hex: the first 80 bits of the HMAC of purpose and subject. For where
 * a token does not fit or may change case, such as an e-mail address's local part (64
 * characters, lowercased by some servers); it does not expire.
 */
export async function subjectTag(
  env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">,
  purpose: string,
  subject: string,
): Promise<string> {
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", await hmacKey(env), encoder.encode(`${purpose}\n${subject}`)),
  );
  return Array.from(mac.subarray(0, 10), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether `tag` is subjectTag's for this purpose and subject, compared in constant time. */
export async function checkSubjectTag(
  env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">,
  purpose: string,
  subject: string,
  tag: string,
): Promise<boolean> {
  const expected = await subjectTag(env, purpose, subject);
  const given = tag.toLowerCase();
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < given.length; index++)
    difference |= given.charCodeAt(index) ^ expected.charCodeAt(index);
  return difference === 0;
}
