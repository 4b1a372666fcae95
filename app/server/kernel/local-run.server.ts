/**
 * Whether SITE_URL is on a loopback host (RFC 6761 localhost, 127.0.0.0/8, [::1]): the site is a
 * local run (`npm start`), never one the public reaches. What only a local run may do (print mail,
 * make itself a children's data key) asks this one test.
 */
export function isLoopbackSite(siteUrl: string): boolean {
  let host: string;
  try {
    host = new URL(siteUrl).hostname;
  } catch {
    return false;
  }
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}
