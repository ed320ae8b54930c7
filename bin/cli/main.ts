/**
 * The `facturx` command: parses the command line and hands each subcommand to its adapter. No business
 * logic here; the subcommands call the same service functions as the HTTP server.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import pkg from '../../package.json';
import { localContext, services } from '../../core/service';
import { DOCUMENT_COMMANDS } from './document-commands';
import { exitCodeOf } from './exit-code';
import { COMMAND_HELP, GLOBAL_HELP } from './help';
import { badInput, err, EXIT, out, printJson, refusalLine, str, type Values } from './io';
import { runDocumentCommand } from './run-documents';

type Options = NonNullable<ParseArgsConfig['options']>;

const help = { help: { type: 'boolean', short: 'h' } } as const;

const OTHER_OPTIONS: Readonly<Record<string, Options>> = {
  contract: { ...help, json: { type: 'boolean' }, lang: { type: 'string' } },
  openapi: { ...help, json: { type: 'boolean' } },
  keys: {
    ...help,
    json: { type: 'boolean' },
    email: { type: 'string' },
    plan: { type: 'string' },
    'data-dir': { type: 'string' },
    database: { type: 'string' },
  },
  serve: {
    ...help,
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
    database: { type: 'string' },
    'rate-limit': { type: 'string' },
    'job-threads': { type: 'string' },
    'engine-threads': { type: 'string' },
    'async-after': { type: 'string' },
    'lease-seconds': { type: 'string' },
  },
  worker: {
    ...help,
    'data-dir': { type: 'string' },
    database: { type: 'string' },
    concurrency: { type: 'string' },
    'lease-seconds': { type: 'string' },
  },
};

const wantsJson = (argv: readonly string[]) => argv.includes('--json') || argv.includes('--jsonl');

async function runContract(values: Values): Promise<number> {
  const lang = str(values, 'lang');
  const query: Record<string, string> = lang ? { lang } : {};
  const result = await services.contract({ fields: {}, files: {}, query }, localContext());
  printJson(result.body);
  if (!result.ok && 'error' in result.body) err(`facturx contract: ${refusalLine(result.body)}`);
  return exitCodeOf('contract', result);
}

async function runOpenApi(): Promise<number> {
  const result = await services.openapi({ fields: {}, files: {}, query: {} }, localContext());
  printJson(result.body);
  return exitCodeOf('openapi', result);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    const topic = command === 'help' ? rest[0] : undefined;
    out(topic && COMMAND_HELP[topic] ? COMMAND_HELP[topic] : GLOBAL_HELP);
    return command === undefined ? EXIT.badInput : EXIT.ok;
  }
  if (command === '--version' || command === '-v') {
    out(pkg.version);
    return EXIT.ok;
  }
  const document = DOCUMENT_COMMANDS[command as keyof typeof DOCUMENT_COMMANDS];
  const options = document?.options ?? OTHER_OPTIONS[command];
  if (!options) return badInput(`unknown command "${command}" (see facturx --help)`, wantsJson(rest));

  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (error) {
    const reason = (error as Error).message.split('. To specify')[0]?.split('\n')[0] ?? 'bad arguments';
    return badInput(`${command}: ${reason}`, wantsJson(rest));
  }
  const values = parsed.values as Values;
  const { positionals } = parsed;
  if (values.help === true) {
    out(COMMAND_HELP[command] ?? GLOBAL_HELP);
    return EXIT.ok;
  }
  if (document) return runDocumentCommand(document, positionals, values);
  // The store (query builder, database drivers) loads only for the commands that use it.
  if (command === 'keys') return (await import('./keys-command')).runKeys(positionals, values);
  if (positionals.length > 0)
    return badInput(`${command} takes no argument "${positionals[0]}"`, wantsJson(rest));
  if (command === 'serve') return (await import('./serve-command')).runServe(values);
  if (command === 'worker') return (await import('./worker-command')).runWorker(values);
  if (command === 'openapi') return runOpenApi();
  return runContract(values);
}
