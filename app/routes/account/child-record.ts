import { requireUser } from "~/server/auth/guards.server";
import { childRecordDownload } from "~/server/families/children.server";
import type { Route } from "./+types/child-record";
import { env } from "~/server/kernel/env.server";

/** A guardian's download of everything kept about their child (decision 054), health record included. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const record = await childRecordDownload(env, user.id, args.params.childId);
  if (!record) return new Response(null, { status: 404 });
  return new Response(JSON.stringify(record, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="child-${args.params.childId}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
