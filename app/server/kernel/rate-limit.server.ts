import { eq, sql } from "drizzle-orm";
import { getDb, retryTransientOnce, type Db } from "../db/client.server";
import { rateLimits } from "../db/schema";
import { sha256Hex } from "./sha256.server";
import { readVisitorId } from "./visitor-cookie.server";

export type RateLimitRule = { limit: number; windowSeconds: number };
export type RateLimitVerdict = { allowed: boolean; retryAfterSeconds: number };

/** Limits used across the site, in one place. */
export const RATE_LIMITS = {
  /** Public form posts per visitor. */
  forms: { limit: 10, windowSeconds: 10 * 60 },
  /** Failed sign-ins per visitor and e-mail. */
  login: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Sign-in attempts per e-mail, from any address: guesses spread over many addresses
   * (decision 013). A success clears the count, so only failures add up.
   */
  loginAccount: { limit: 10, windowSeconds: 15 * 60 },
  /**
   * Wrong second-factor codes per account, from any address (decision 048). Three six-digit
   * codes are valid at a time, so ten guesses a day give a thief who has the password about one
   * chance in 33,000 a day; a success clears the count.
   */
  secondFactor: { limit: 10, windowSeconds: 24 * 60 * 60 },
  /** E-mails about an account (confirmation links, "someone tried to sign up") per address and hour. */
  accountMail: { limit: 3, windowSeconds: 60 * 60 },
  /**
   * Newsletter confirmation links per typed address and day, whoever asks: a stranger's inbox
   * cannot be filled by subscribing it again and again (decision 047).
   */
  newsletterConfirmation: { limit: 3, windowSeconds: 24 * 60 * 60 },
  /**
   * Confirmations of the public forms per typed address and day, across all forms, whoever asks
   * (decision 047): enough for a family that enrolls several children and writes to us the same
   * day, too few to fill a stranger's inbox. Past it the submission is stored and the team told.
   */
  formConfirmation: { limit: 5, windowSeconds: 24 * 60 * 60 },
  /**
   * Stripe Checkout sessions per browser (the visitor cookie), or per address for a post without
   * it: card-testing protection (decision 024).
   */
  checkout: { limit: 3, windowSeconds: 5 * 60 },
  /** Checkout sessions per donor e-mail, from any browser or address. */
  checkoutEmail: { limit: 10, windowSeconds: 60 * 60 },
  /**
   * Checkout sessions per address, whatever the cookie: high enough for a gala or a school
   * behind one address (40 people each starting one pass), low enough to stop a card tester
   * who throws away cookies.
   */
  checkoutAddress: { limit: 60, windowSeconds: 10 * 60 },
  /**
   * RSVP confirmation links per recipient a day, whoever asks: a stranger's address typed again
   * and again gets a few mails, not a flood (decision 046).
   */
  rsvpMail: { limit: 3, windowSeconds: 24 * 60 * 60 },
  /** New links to a volunteer's page per volunteer a day, whoever asks (decision 055). */
  volunteerLink: { limit: 3, windowSeconds: 24 * 60 * 60 },
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
 * Whom a limit counts: the IPv4 address, or the /64 network of an IPv6 address, since one
 * subscriber line usually gets a whole /64 and can pick any address in it (decision 013).
 * Anything that does not parse is counted as it is.
 */
export function rateLimitSubject(address: string): string {
  if (!address.includes(":")) return address;
  const lower = address.toLowerCase().split("%")[0]!;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (mapped) return mapped[1]!;
  const halves = lower.split("::");
  if (halves.length > 2) return lower;
  const groups = (half: string | undefined) => (half ? half.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  // An embedded IPv4 tail (::1.2.3.4) fills two groups.
  const missing = 8 - head.length - tail.length - (tail.at(-1)?.includes(".") ? 1 : 0);
  if (missing < 0) return lower;
  const all = halves.length === 2 ? [...head, ...Array<string>(missing).fill("0")] : head;
  const network = all.slice(0, 4);
  if (network.length < 4 || network.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return lower;
  return `${network.map((group) => parseInt(group, 16).toString(16)).join(":")}::/64`;
}

async function visitorKey(scope: string, request: Request, extraKey: string) {
  return `${scope}:${await sha256Hex(`${rateLimitSubject(clientAddress(request))}|${extraKey}`)}`;
}

/** One hit: the window's row made or counted up, and its count returned. */
function prepareHit(db: Db) {
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("windowStart"), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count })
    .prepare();
}

/**
 * Prepared once per drizzle client (one per D1 binding, decision 031): every public post counts
 * a hit first, and building the statement's SQL cost more CPU than running it (decision 033).
 */
const hitStatements = new WeakMap<Db, ReturnType<typeof prepareHit>>();

async function hitKey(env: Pick<Env, "DB">, key: string, rule: RateLimitRule) {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
  const db = getDb(env);
  let statement = hitStatements.get(db);
  if (!statement) hitStatements.set(db, (statement = prepareHit(db)));
  // Every public post counts a hit first; a transient D1 error is tried once more, not shown as a
  // 5xx. A retry after a hit that did commit counts the visitor twice, on the safe side.
  const prepared = statement;
  const [row] = await retryTransientOnce(() => prepared.all({ key, windowStart }));
  const count = row?.count ?? 1;
  return { allowed: count <= rule.limit, retryAfterSeconds: windowStart + rule.windowSeconds - nowSeconds };
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
  return hitKey(env, await visitorKey(scope, request, extraKey), rule);
}

/** Counts one hit against `scope` for a subject (an account, an e-mail), whoever sends it. */
export async function hitSubjectRateLimit(
  env: Pick<Env, "DB">,
  scope: string,
  subject: string,
  rule: RateLimitRule,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  return hitKey(env, `${scope}:${await sha256Hex(subject)}`, rule);
}

/** The mails to an address someone typed, each counted per recipient (RATE_LIMITS). */
type RecipientMail = "newsletterConfirmation" | "rsvpMail" | "formConfirmation" | "volunteerLink";

/**
 * Counts one mail of `kind` to a typed address and says whether it may leave: at most the
 * kind's limit per recipient and window, whoever asks and in whatever case the address was
 * typed, like the account mails of decision 013. Callers answer the same either way (047).
 */
export async function mayMailRecipient(
  env: Pick<Env, "DB">,
  kind: RecipientMail,
  email: string,
): Promise<boolean> {
  return (await hitSubjectRateLimit(env, kind, email.trim().toLowerCase(), RATE_LIMITS[kind])).allowed;
}

/**
 * The limits on starting a Checkout (decision 024): per browser (the visitor cookie; a post
 * without one is counted per address at the same low limit), per e-mail, and a higher
 * ceiling per address. Every hit counts in all three; the slowest window answers.
 */
export async function hitCheckoutLimits(
  env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET">,
  request: Request,
  email: string,
): Promise<RateLimitVerdict> {
  const visitor = await readVisitorId(env, request);
  const verdicts = await Promise.all([
    visitor
      ? hitSubjectRateLimit(env, "checkout", `visitor:${visitor}`, RATE_LIMITS.checkout)
      : hitRateLimit(env, "checkout", request, RATE_LIMITS.checkout),
    hitSubjectRateLimit(env, "checkoutEmail", email.trim().toLowerCase(), RATE_LIMITS.checkoutEmail),
    hitRateLimit(env, "checkoutAddress", request, RATE_LIMITS.checkoutAddress),
  ]);
  const refused = verdicts.filter((verdict) => !verdict.allowed);
  return refused.length === 0
    ? { allowed: true, retryAfterSeconds: 0 }
    : { allowed: false, retryAfterSeconds: Math.max(...refused.map((verdict) => verdict.retryAfterSeconds)) };
}

/** Forgets this visitor's count in `scope` (a sign-in that succeeded). */
export async function clearRateLimit(env: Pick<Env, "DB">, scope: string, request: Request, extraKey = "") {
  await getDb(env)
    .delete(rateLimits)
    .where(eq(rateLimits.key, await visitorKey(scope, request, extraKey)));
}

/** Forgets a subject's count in `scope`. */
export async function clearSubjectRateLimit(env: Pick<Env, "DB">, scope: string, subject: string) {
  await getDb(env)
    .delete(rateLimits)
    .where(eq(rateLimits.key, `${scope}:${await sha256Hex(subject)}`));
}

/** Old windows are useless; the Cron Trigger clears them. */
export async function pruneRateLimits(env: Pick<Env, "DB">) {
  const cutoff = Math.floor(Date.now() / 1000) - 24 * 60 * 60;
  await getDb(env)
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < ${cutoff}`);
}
