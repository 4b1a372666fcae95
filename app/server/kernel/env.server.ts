import { env, withEnv } from "cloudflare:workers";

/**
 * The Worker's bindings, variables and secrets: the one way app code reads configuration
 * (docs/decisions/051-one-list-and-a-ground-floor.md). Cloudflare's importable `env` is the same
 * object in a request, the Cron Trigger and the e-mail handler, so nothing passes it through the
 * request context; this module is the only one that imports the platform's module (ESLint).
 */
export { env };

/**
 * Runs one invocation with `given` as the env every module reads. In production that is the
 * object the platform already serves; a test that hands the Worker counting or failing bindings
 * gets them read everywhere. The importable env itself is read through, not wrapped in itself.
 */
export function withInvocationEnv<T>(given: Env, work: () => T): T {
  return given === env ? work() : (withEnv(given, work) as T);
}
