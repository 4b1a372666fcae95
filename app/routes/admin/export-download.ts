import { data } from "react-router";
import { newYorkDate } from "~/lib/format";
import { requireAdmin } from "~/server/auth/guards.server";
import { exportArchive } from "~/server/export/archive.server";
import { env } from "~/server/kernel/env.server";
import type { Route } from "./+types/export-download";

/** GET /admin/export/download?part=N: one download of the export, a zip streamed as it is read (decision 070). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const part = Number(new URL(args.request.url).searchParams.get("part") ?? "1");
  const archive = Number.isSafeInteger(part) && part >= 1 ? await exportArchive(env, admin, part) : null;
  if (!archive) throw data(null, { status: 404 });
  const name =
    archive.parts === 1
      ? `export-${newYorkDate()}.zip`
      : `export-${newYorkDate()}-part-${archive.part.number}-of-${archive.parts}.zip`;
  return new Response(archive.body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
