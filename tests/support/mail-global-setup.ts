import { startMailServer } from "./mail-server";

/** vitest globalSetup: the local mail provider on the port vitest.config.ts chose. */
export default async function setup() {
  const server = await startMailServer({ port: Number(process.env.MAIL_TEST_PORT) });
  return () => server.close();
}
