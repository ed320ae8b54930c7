/** `facturx serve`: runs the HTTP server until SIGINT or SIGTERM, then shuts down gracefully. */
import { coreCount } from '../../core/pool/worker-pool';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../../server/rate-limit';
import { startServer } from '../../server/start';
import { badInput, err, EXIT, out, str, wholeOption, type ExitCode, type Values } from './io';
import { storeLocation } from './store-location';
import { untilStopped } from './until-stopped';

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
  const threads = wholeOption(values, 'job-threads', 1);
  if (threads === null) return badInput('--job-threads must be a whole number of threads', false);
  // The answering thread keeps a core of its own; the others run the engines.
  const engineThreads = wholeOption(values, 'engine-threads', Math.max(1, coreCount() - 1));
  if (engineThreads === null)
    return badInput('--engine-threads must be a whole number of threads (0 = none)', false);
  const asyncAfter = wholeOption(values, 'async-after', 0);
  if (asyncAfter === null)
    return badInput('--async-after must be a whole number of seconds (0 = never)', false);
  const leaseSeconds = wholeOption(values, 'lease-seconds', 60, 1);
  if (leaseSeconds === null)
    return badInput('--lease-seconds must be a whole number of seconds, 1 or more', false);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      port,
      host,
      ...where.location,
      rateLimitPerMinute: Number(rateText),
      engineThreads,
      jobs: {
        threads,
        asyncAfterMs: asyncAfter > 0 ? asyncAfter * 1000 : null,
        leaseMs: leaseSeconds * 1000,
      },
    });
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
  await untilStopped('finishing requests in flight');
  await server.close();
  return EXIT.ok;
}
