import type { DeploySettings } from "../../scripts/deploy/check.mjs";

/**
 * wrangler.toml as Wrangler reads it for `npm run deploy` (the production environment) and for local
 * runs (its top level), handed by tests/support/deploy-settings-global-setup.ts to the worker tests,
 * which cannot read files.
 */
export interface CommittedDeploySettings {
  production: DeploySettings;
  local: DeploySettings;
}

declare module "vitest" {
  export interface ProvidedContext {
    committedDeploySettings: CommittedDeploySettings;
  }
}
