/** A cookie's name as RFC 6265 allows it (a token), so a clearing Set-Cookie can name it safely. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;

/** The request's cookies as sent, name and raw value, in order (a name may repeat). */
function cookiePairs(request: Request): { name: string; raw: string }[] {
  return (request.headers.get("Cookie") ?? "").split(";").map((part) => {
    const [name = "", ...value] = part.trim().split("=");
    return { name, raw: value.join("=") };
  });
}

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The value of a cookie, or null. A value that is not valid percent-encoding ("%", "%zz", a
 * broken UTF-8 sequence) counts as absent, so a cookie set by a sibling subdomain or a browser
 * extension cannot turn every page into an error (decision 047); a later cookie of the same
 * name that reads is used instead.
 */
export function readCookie(request: Request, name: string): string | null {
  for (const pair of cookiePairs(request)) {
    if (pair.name !== name) continue;
    const value = decoded(pair.raw);
    if (value !== null) return value;
  }
  return null;
}

/**
 * Set-Cookie headers that expire every cookie of this host whose value cannot be read: the
 * browser stops sending it. Only host cookies on "/" can be cleared this way; one a parent
 * domain set stays, and is ignored on every request.
 */
export function clearMalformedCookies(request: Request): string[] {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const names = new Set(
    cookiePairs(request)
      .filter((pair) => COOKIE_NAME.test(pair.name) && decoded(pair.raw) === null)
      .map((pair) => pair.name),
  );
  return [...names].map((name) => `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`);
}
