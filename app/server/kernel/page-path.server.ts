/** The page's own path, also for the `.data` requests React Router makes on client navigations. */
export function pagePathname(request: Request): string {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  return pathname === "/_root" ? "/" : pathname;
}
