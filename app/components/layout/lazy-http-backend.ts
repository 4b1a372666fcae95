import type { BackendModule, InitOptions, ReadCallback, Services } from "i18next";
import type { HttpBackendOptions } from "i18next-http-backend";

/**
 * i18next-http-backend, downloaded the first time the page needs copy its HTML did not carry
 * (another route's namespaces, or the other language). i18next itself keeps the parallel-read
 * limit and the retries of docs/architecture.md, KV, around these reads.
 */
export class LazyHttpBackend implements BackendModule<HttpBackendOptions> {
  static type = "backend" as const;
  type = "backend" as const;
  callbackApi = true;
  private backend: Promise<BackendModule<HttpBackendOptions>> | undefined;
  private settings: [Services, HttpBackendOptions, InitOptions] | undefined;

  init(services: Services, backendOptions: HttpBackendOptions, i18nextOptions: InitOptions) {
    this.settings = [services, backendOptions, i18nextOptions];
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    this.backend ??= import("i18next-http-backend").then(({ default: HttpBackend }) => {
      const backend = new HttpBackend() as BackendModule<HttpBackendOptions>;
      if (this.settings) backend.init(...this.settings);
      return backend;
    });
    this.backend.then(
      (backend) => backend.read(language, namespace, callback),
      (error: Error) => {
        // A failed download may succeed on i18next's retry.
        this.backend = undefined;
        callback(error, false);
      },
    );
  }
}
