import { createRequestHandler } from "react-router";
import { handleFetch } from "../app/server/kernel/request.server";
import { handleScheduled } from "../app/server/scheduled.server";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  fetch: (request, env, ctx) => handleFetch(request, env, ctx, requestHandler),
  scheduled: (controller, env, ctx) => ctx.waitUntil(handleScheduled(env, controller.scheduledTime)),
} satisfies ExportedHandler<Env>;
