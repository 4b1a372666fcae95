import { redirect } from "react-router";
import type { SessionUser } from "~/lib/session-user";
import { isStaffRole } from "~/lib/vocabulary";
import { offerTotpKey, secondFactorStatus } from "./second-factor.server";
import {
  clearSessionCookie,
  destroyAllSessions,
  getCurrentSession,
  listSessions,
} from "./sessions.server";

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
 * What /account/security shows: the person's sessions (this one marked) and their second
 * factor; `offerKey` asks for an authenticator key to add, for someone who has none.
 */
export async function securityOverview(
  env: SecurityEnv,
  request: Request,
  user: SessionUser,
  { offerKey }: { offerKey: boolean },
) {
  const current = await getCurrentSession(request, env);
  const [rows, status] = await Promise.all([listSessions(env, user.id), secondFactorStatus(env, user.id)]);
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
  };
}

/** "Sign out everywhere": every session of the person, this one too, then /login. */
export async function signOutEverywhere(env: Pick<Env, "DB">, user: SessionUser): Promise<never> {
  await destroyAllSessions(env, user.id);
  throw redirect("/login", { headers: { "Set-Cookie": clearSessionCookie(), "Cache-Control": "no-store" } });
}
