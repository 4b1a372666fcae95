import { startStripeServer } from "./stripe-server";

/** vitest globalSetup: the local Stripe-compatible server on the port vitest.config.ts chose. */
export default async function setup() {
  const server = await startStripeServer({ port: Number(process.env.STRIPE_TEST_PORT) });
  return () => server.close();
}
