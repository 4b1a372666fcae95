import { redirect } from "react-router";
import type { SessionUser } from "~/lib/session-user";
import { isStaffRole } from "~/lib/vocabulary";
import { addPasskey, listPasskeys, passkeyRegistrationOptions } from "./passkeys.server";
import { offerTotpKey, secondFactorStatus } from "./second-factor.server";
import { clearSessionCookie, destroyAllSessions, getCurrentSession, listSessions } from "./sessions.server";

type SecurityEnv = Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET" | "SITE_URL">;

/** "Firefox on Android": enough to tell one's devices apart, read from the User-Agent. */
export function describeUserAgent(userAgent: string): { browser: string | null; system: string | null } {
  const browser =
    [
      ["Edg/", "Edge"],
      ["Firefox/", "Firefox"],
      ["Chrome/", "Chrome"],
      ["Safari/", "Safari"],
    ].find(([mark]) => userAgent.includes(mark!))?.[1] ?? null;
  const system =
    [
      ["Android", "Android"],
      ["iPhone", "iPhone"],
      ["iPad", "iPad"],
      ["Windows", "Windows"],
      ["Mac OS X", "macOS"],
      ["CrOS", "ChromeOS"],
      ["Linux", "Linux"],
    ].find(([mark]) => userAgent.includes(mark!))?.[1] ?? null;
  return { browser, system };
}

/**
 * What /account/security shows: the person's sessions (this one marked), their second factor
 * and passkeys; `offerKey` asks for an authenticator key to add, for someone who has none.
 */
export async function securityOverview(
  env: SecurityEnv,
  request: Request,
  user: SessionUser,
  { offerKey }: { offerKey: boolean },
) {
  const current = await getCurrentSession(request, env);
  const [rows, status, keys] = await Promise.all([
    listSessions(env, user.id),
    secondFactorStatus(env, user.id),
    listPasskeys(env, user.id),
  ]);
  // Passkeys come beside an app, whose recovery codes cover a lost passkey too (decision 048).
  const canAddPasskey = status.totpSince !== null && current !== null;
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.id === current?.tokenHash,
    })),
    secondFactor: { ...status, required: isStaffRole(user.role) },
    offer: offerKey && status.totpSince === null ? await offerTotpKey(env, user) : null,
    passkeys: keys,
    passkeyOptions: canAddPasskey ? await passkeyRegistrationOptions(env, user, current.tokenHash) : null,
  };
}

/** "Sign out everywhere": every session of the person, this one too, then /login. */
export async function signOutEverywhere(env: Pick<Env, "DB">, user: SessionUser): Promise<never> {
  await destroyAllSessions(env, user.id);
  throw redirect("/login", { headers: { "Set-Cookie": clearSessionCookie(), "Cache-Control": "no-store" } });
}

/** The browser's new passkey for the signed-in person, checked against this session's challenge. */
export async function addPasskeyFromSession(
  env: SecurityEnv,
  request: Request,
  user: SessionUser,
  response: string,
) {
  const current = await getCurrentSession(request, env);
  return current ? addPasskey(env, user, current.tokenHash, response) : false;
}
