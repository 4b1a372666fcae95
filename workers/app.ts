import { createRequestHandler } from "react-router";
import { handleFetch } from "../app/server/kernel/request.server";
import { handleScheduled } from "../app/server/scheduled.server";

const serverBuild = () => import("virtual:react-router/server-build");
const requestHandler = createRequestHandler(serverBuild, import.meta.env.MODE);
/** The build's own version, part of the edge HTML cache's key (a deploy never serves old pages). */
const buildVersion = async () => (await serverBuild()).assets.version;

export default {
  fetch: (request, env, ctx) => handleFetch(request, env, ctx, requestHandler, buildVersion),
  scheduled: (controller, env, ctx) => ctx.waitUntil(handleScheduled(env, controller.scheduledTime)),
} satisfies ExportedHandler<Env>;
