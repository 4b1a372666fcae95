import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, desc, eq } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { passkeys } from "../db/schema";
import { sha256Hex } from "../kernel/sha256.server";
import { signingSecret } from "../kernel/signed-token.server";

type PasskeyEnv = Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET" | "SITE_URL">;

/** The relying party is the site itself: its host and origin from SITE_URL (decision 048). */
function relyingParty(env: Pick<Env, "SITE_URL">) {
  const site = new URL(env.SITE_URL);
  return { rpID: site.hostname, origin: site.origin };
}

/**
 * The challenge of one ceremony, derived from what names it (the HttpOnly pending cookie of a
 * sign-in, or the session's token hash) and the server's secret, so no challenge is stored, none
 * can be guessed, and one sign-in's answer opens no other (decision 048).
 */
async function ceremonyChallenge(env: PasskeyEnv, purpose: string, browserSecret: string) {
  return sha256Hex(`${purpose}|${await signingSecret(env)}|${browserSecret}`);
}

/** The account's passkeys, newest first, for the security page. */
export async function listPasskeys(env: Pick<Env, "DB">, userId: string) {
  return getDb(env)
    .select({ id: passkeys.id, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
}

/** What the browser needs to create a passkey for a signed-in person; their other passkeys are excluded. */
export async function passkeyRegistrationOptions(
  env: PasskeyEnv,
  user: SessionUser,
  sessionTokenHash: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = relyingParty(env);
  const existing = await getDb(env)
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  return generateRegistrationOptions({
    rpName: rpID,
    rpID,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new TextEncoder().encode(user.id),
    challenge: await ceremonyChallenge(env, "passkey-registration", sessionTokenHash),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Checks the browser's answer and keeps the new passkey. False for anything that does not verify. */
export async function addPasskey(
  env: PasskeyEnv,
  user: SessionUser,
  sessionTokenHash: string,
  responseJson: string,
): Promise<boolean> {
  const response = parseJson<RegistrationResponseJSON>(responseJson);
  if (!response) return false;
  const { rpID, origin } = relyingParty(env);
  const expectedChallenge = encodeBase64urlNoPadding(
    new TextEncoder().encode(await ceremonyChallenge(env, "passkey-registration", sessionTokenHash)),
  );
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return false;
  const { credential } = verified.registrationInfo;
  const [added] = await getDb(env)
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      publicKey: encodeBase64urlNoPadding(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  return Boolean(added);
}

/** Removes one of the person's own passkeys. */
export async function removePasskey(env: Pick<Env, "DB">, userId: string, id: string) {
  const removed = await getDb(env)
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return removed.length > 0;
}

/** What the browser needs to sign in with one of the account's passkeys, or null if it has none. */
export async function passkeySignInOptions(
  env: PasskeyEnv,
  userId: string,
  pendingToken: string,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const rows = await getDb(env)
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (rows.length === 0) return null;
  return generateAuthenticationOptions({
    rpID: relyingParty(env).rpID,
    allowCredentials: rows.map((row) => ({ id: row.id, transports: row.transports })),
    challenge: await ceremonyChallenge(env, "passkey-sign-in", pendingToken),
    userVerification: "preferred",
  });
}

/**
 * The passkey step of a sign-in: the answer must be signed by one of this account's passkeys
 * over this sign-in's challenge; the counter is kept, and one that goes backwards (a cloned
 * authenticator) is refused.
 */
export async function verifyPasskeySignIn(
  env: PasskeyEnv,
  userId: string,
  pendingToken: string,
  responseJson: string,
): Promise<boolean> {
  const response = parseJson<AuthenticationResponseJSON>(responseJson);
  if (!response || typeof response.id !== "string") return false;
  const db = getDb(env);
  const [stored] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, response.id), eq(passkeys.userId, userId)));
  if (!stored) return false;
  const { rpID, origin } = relyingParty(env);
  const expectedChallenge = encodeBase64urlNoPadding(
    new TextEncoder().encode(await ceremonyChallenge(env, "passkey-sign-in", pendingToken)),
  );
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: stored.id,
      publicKey: new Uint8Array(decodeBase64urlIgnorePadding(stored.publicKey)),
      counter: stored.counter,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return false;
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date().toISOString() })
    .where(eq(passkeys.id, stored.id));
  return true;
}
