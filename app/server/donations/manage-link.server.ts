import { signToken } from "../kernel/signed-token.server";

/** Signed links to the donor's self-service page, keyed by e-mail address (/donate/manage). */
export const MANAGE_TOKEN_PURPOSE = "donor-manage";
/** Links in receipts stay valid a month; links asked for on /donate/manage a day. */
export const MANAGE_LINK_TTL = { receipt: 30 * 24 * 3600, requested: 24 * 3600 } as const;

/** A signed link to the donor's self-service page. */
export async function manageLink(
  env: Pick<Env, "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  email: string,
  ttlSeconds: number,
): Promise<string> {
  const token = await signToken(env, MANAGE_TOKEN_PURPOSE, email.toLowerCase(), ttlSeconds);
  return new URL(`/donate/manage/${token}`, env.SITE_URL).toString();
}
