import { fileResponse } from "~/server/files/files.server";
import type { Route } from "./+types/file";
import { env } from "~/server/kernel/env.server";

/** GET /files/:key — a staff upload from R2 (decision 021). */
export function loader({ params, request }: Route.LoaderArgs) {
  return fileResponse(env, params.key, request);
}
