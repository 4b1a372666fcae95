/** Any C0 control character or DEL, which browsers strip from a URL before reading it. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** "/.//host" and "/a/..//host" resolve their dot segments to "//host". */
function resolvesToTwoSlashes(path: string): boolean {
  try {
    return new URL(path, "https://site.invalid").pathname.startsWith("//");
  } catch {
    return true;
  }
}

/**
 * A path that a browser, or anything between us and it that decodes percent escapes, could read
 * as another host: "//host" and "/\host" are scheme-relative, and so is their encoded form.
 */
function leavesTheSite(path: string): boolean {
  let decoded = path;
  // Double (and deeper) encoding unwraps in a few rounds; a value still changing after that is refused.
  for (let round = 0; round < 4; round++) {
    if (
      !decoded.startsWith("/") ||
      /^\/[/\\]/.test(decoded) ||
      decoded.includes("\\") ||
      CONTROL.test(decoded) ||
      resolvesToTwoSlashes(decoded)
    )
      return true;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return true;
    }
    if (next === decoded) return false;
    decoded = next;
  }
  return true;
}

/**
 * A redirect target taken from the query string is used only when it is a path on this site:
 * "/account" yes; "//evil.example", "/\\evil.example", "/.//evil.example", "/%2f%2fevil.example", "/.%2F%2Fevil.example",
 * "https://…" and "javascript:" no (decision 047). The value is checked as sent and again as
 * resolved, since resolving "/./" or "/../" can leave a path that starts with "//".
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 1000) return fallback;
  if (leavesTheSite(value)) return fallback;
  try {
    const url = new URL(value, "https://site.invalid");
    if (url.origin !== "https://site.invalid") return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return leavesTheSite(path) ? fallback : path;
  } catch {
    return fallback;
  }
}
