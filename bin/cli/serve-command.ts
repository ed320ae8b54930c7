/** `facturx serve`: runs the HTTP server until SIGINT or SIGTERM, then shuts down gracefully. */
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../../server/rate-limit';
import { startServer } from '../../server/start';
import { badInput, err, EXIT, out, str, type ExitCode, type Values } from './io';
import { storeLocation } from './store-location';

export async function runServe(values: Values): Promise<ExitCode> {
  const portText = str(values, 'port') ?? '0';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535)
    return badInput(`--port must be 0 to 65535, not "${portText}"`, false);
  const rateText = str(values, 'rate-limit') ?? String(DEFAULT_RATE_LIMIT_PER_MINUTE);
  if (!/^\d+$/.test(rateText))
    return badInput(
      `--rate-limit must be a whole number of requests per minute (0 = off), not "${rateText}"`,
      false,
    );
  const host = str(values, 'host') ?? '127.0.0.1';
  const where = storeLocation(values);
  if (!where.ok) return badInput(where.message, false);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ port, host, ...where.location, rateLimitPerMinute: Number(rateText) });
  } catch (error) {
    return badInput(`cannot serve on ${host}:${port}: ${String(error)}`, false);
  }
  out(`listening on ${server.url}`);
  if (server.signInUrl) {
    out(`open ${server.signInUrl}`);
    err('that address signs in the first browser that opens it, once; other clients use an API key');
  } else {
    err(`not on loopback: browsers and other clients need an API key (facturx keys create)`);
  }
  err(`data in ${where.shown}; stop with Ctrl+C`);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      err(`${signal}: finishing requests in flight (signal again to stop at once)`);
      // A second signal means the operator will not wait for a stuck request.
      const force = () => process.exit(1);
      process.once('SIGINT', force);
      process.once('SIGTERM', force);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  return EXIT.ok;
}
