import { data } from "react-router";
import { isContentType } from "~/lib/content/entry-types";
import { requireStaff } from "~/server/auth/guards.server";
import { slugOwner } from "~/server/content/entry-checks.server";
import type { Route } from "./+types/entry-slug";
import { env } from "~/server/kernel/env.server";

/**
 * GET /admin/entries/:type/:id/slug?value=…: whether another entry of the type has that address,
 * for the editor's check as staff type (decision 053). The save checks it again; without
 * JavaScript only the save does.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  if (!isContentType(args.params.type)) throw data(null, { status: 404 });
  const value = new URL(args.request.url).searchParams.get("value")?.trim() ?? "";
  const id = args.params.id === "new" ? null : args.params.id;
  const other = value ? await slugOwner(env, args.params.type, value, id) : null;
  return data({ value, other }, { headers: { "Cache-Control": "private, no-store" } });
}
