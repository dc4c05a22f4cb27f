import { startPushService } from './push-service.ts';

/** The stand-in push service as a process of its own, for the browser tests (playwright.config.ts starts it). */
const service = await startPushService({
  port: Number(process.env['PORT']),
  tls: { cert: process.env['TLS_CERT']!, key: process.env['TLS_KEY']! },
});
console.log(`stand-in push service at ${service.origin}`);
