import { redirect } from "react-router";
import { REDIRECTS } from "~/content/site-pages";
import type { Route } from "./+types/legacy-redirect";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(`${REDIRECTS[url.pathname] ?? "/"}${url.search}`, 301);
}
