import { getSessionUser } from "~/server/auth/sessions.server";
import type { Route } from "./+types/auth-me";
import { env } from "~/server/kernel/env.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/v1/auth/me (docs/product.md §7): the user object, or 401 when nobody is signed in. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request, env);
  if (!user) return Response.json({ error: "Not signed in" }, { status: 401, headers: NO_STORE });
  return Response.json({ name: user.name, email: user.email, role: user.role }, { headers: NO_STORE });
}
