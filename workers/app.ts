import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import { withInvocationEnv } from "../app/server/kernel/env.server";
import { handleFetch } from "../app/server/kernel/request.server";
import { receiveReplyMail } from "../app/server/mail/inbound.server";
import { handleScheduled } from "../app/server/scheduled.server";

const serverBuild = () => import("virtual:react-router/server-build");

/**
 * Given a function, React Router calls it and derives its route tables (flattened, ranked, every
 * path compiled) again on every request, which is meant for dev's hot reloads (decision 031
 * measured its cost). A built Worker never changes its build, so it loads it once and hands React
 * Router the build itself, which it derives once per isolate.
 */
let built: Promise<{ handler: RequestHandler; build: ServerBuild }> | undefined;
const loadBuilt = () =>
  (built ??= serverBuild()
    .then((build) => ({
      build,
      handler: createRequestHandler(build, import.meta.env.MODE),
    }))
    .catch((error: unknown) => {
      built = undefined; // the next request tries again
      throw error;
    }));
const devHandler = import.meta.env.DEV ? createRequestHandler(serverBuild, import.meta.env.MODE) : null;
const requestHandler: RequestHandler = async (request, context) =>
  devHandler ? devHandler(request, context) : (await loadBuilt()).handler(request, context);
/** The build's own version, part of the edge HTML cache's key (a deploy never serves old pages). */
const buildVersion = async () =>
  devHandler ? (await serverBuild()).assets.version : (await loadBuilt()).build.assets.version;

// Each handler runs with the env it was handed as the one every module reads (decision 051).
export default {
  fetch: (request, env, ctx) =>
    withInvocationEnv(env, () => handleFetch(request, env, ctx, requestHandler, buildVersion)),
  // The run is the handler's own promise, not waitUntil's: a Cron invocation may last minutes,
  // and waitUntil is only promised about 30 s (docs/decisions/045-within-the-platform-limits.md).
  scheduled: (controller, env) =>
    withInvocationEnv(env, () => handleScheduled(env, controller.scheduledTime)),
  // Cloudflare Email Routing hands mail for INBOUND_EMAIL here: answers to staff replies
  // (docs/decisions/052-staff-week.md, docs/deploy.md).
  email: async (message, env) => {
    await withInvocationEnv(env, () => receiveReplyMail(message, env));
  },
} satisfies ExportedHandler<Env>;
