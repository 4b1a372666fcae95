import { fileResponse } from "~/server/files/files.server";
import { getRequestContext } from "~/server/kernel/context.server";
import type { Route } from "./+types/file";

/** GET /files/:key — a staff upload from R2 (decision 021). */
export function loader({ params, context, request }: Route.LoaderArgs) {
  return fileResponse(getRequestContext(context).env, params.key, request);
}
