import { sql } from "drizzle-orm";
import { getDb } from "./db/client.server";
import { rateLimits } from "./db/schema";
import { sha256Hex } from "./session.server";

export type RateLimitRule = { limit: number; windowSeconds: number };

/** Limits used across the site, in one place. */
export const RATE_LIMITS = {
  /** Public form posts per visitor. */
  forms: { limit: 10, windowSeconds: 10 * 60 },
  /** Failed sign-ins per visitor and e-mail. */
  login: { limit: 5, windowSeconds: 15 * 60 },
  /** Stripe Checkout sessions per visitor: card-testing protection. */
  checkout: { limit: 3, windowSeconds: 5 * 60 },
} satisfies Record<string, RateLimitRule>;

/** The visitor's address, as Cloudflare reports it; local runs have none. */
export function clientAddress(request: Request): string {
  return (
    request.headers.get("CF-Connecting-IP") ??
    request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ??
    "local"
  );
}

/**
 * Counts one hit against `scope` for this visitor in a fixed window (D1, so it holds across
 * isolates and in local runs alike). The address is stored hashed.
 */
export async function hitRateLimit(
  env: Pick<Env, "DB">,
  scope: string,
  request: Request,
  rule: RateLimitRule,
  extraKey = "",
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
  const key = `${scope}:${await sha256Hex(`${clientAddress(request)}|${extraKey}`)}`;
  const [row] = await getDb(env)
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return { allowed: count <= rule.limit, retryAfterSeconds: windowStart + rule.windowSeconds - nowSeconds };
}

/** Old windows are useless; the Cron Trigger clears them. */
export async function pruneRateLimits(env: Pick<Env, "DB">) {
  const cutoff = Math.floor(Date.now() / 1000) - 24 * 60 * 60;
  await getDb(env)
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < ${cutoff}`);
}
