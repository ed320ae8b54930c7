/** Usage texts, global and per subcommand (cli.md is the reference). */
export const GLOBAL_HELP = `facturx: Factur-X / CII e-invoices from the command line (offline, no server needed)

Usage: facturx <command> [options]

Commands:
  validate FILE|DIR …   validate CII XML or Factur-X PDF files (POST /api/v1/validate)
  extract FILE.pdf      extract the embedded XML of a Factur-X PDF (POST /api/v1/extract)
  convert [FILE.pdf]    make a Factur-X PDF/A-3 or a CII XML (POST /api/v1/convert)
  repair FILE.xml       apply deterministic fixes to a CII XML (POST /api/v1/repair)
  contract              print the invoice_data integration contract
  openapi               print the OpenAPI 3.1.0 description of the /api/v1 interface
  keys create|list|revoke  manage the API keys of a self-hosted server
  serve                 run the /api/v1 server and the web interface
  worker                work the jobs of servers sharing a PostgreSQL store

Options: --help (also after a command), --version.
With --json a command prints exactly the endpoint's JSON body on stdout; messages go to stderr.
Exit codes: 0 success, 1 processed but not valid / not converted, 2 bad input or usage,
130 a batch stopped by Ctrl+C.
`;

const DOCUMENT_OPTIONS = `  --json          print the body as JSON on stdout (one line per file for several files)
  --jsonl         one line per file: {"file": …, …body}
  --lang en|fr    language of messages
  --jobs N        documents processed at once in a batch (default: up to the processor cores, more
                  than one only for a batch long enough to repay starting them, and only onto
                  an idle core); results
                  are printed in input order. A progress bar shows on a terminal. Ctrl+C stops the
                  batch after the documents under way and says how far it got (exit code 130)`;

export const COMMAND_HELP: Readonly<Record<string, string>> = {
  validate: `Usage: facturx validate FILE|DIR … [--target en16931|france_2026] [--json | --jsonl]

FILE is a CII XML or a Factur-X PDF; a folder adds its .xml and .pdf files, sorted by name.
  --target T      en16931 (default) or france_2026
${DOCUMENT_OPTIONS}
`,
  extract: `Usage: facturx extract FILE.pdf|DIR [--validate] [--target T] [--out PATH] [--json]

  --validate      also validate the extracted XML
  --target T      en16931 (default) or france_2026, with --validate
  --out PATH      write the XML there (a folder for several inputs)
${DOCUMENT_OPTIONS}
`,
  convert: `Usage: facturx convert [FILE.pdf|DIR] [--invoice-data F.json | --cii F.xml] [--invoice-patch F.json]
         [--seller-context F.json] [--buyer-context F.json] [--output facturx_pdfa3|xml_cii]
         [--target en16931|france_2026] [--dry-run] [--options JSON] [--out PATH] [--json]

  --invoice-data F  full invoice_data JSON (a folder: paired with each PDF by base name)
  --cii F           a ready CII XML instead of invoice_data (a folder: paired by base name)
  --invoice-patch F, --seller-context F, --buyer-context F   stateless complements (JSON files)
  --output O        facturx_pdfa3 (default) or xml_cii
  --dry-run         diagnose only: no deliverable
  --options JSON    the options JSON text
  --out PATH        write the deliverable there (a folder for several inputs)
${DOCUMENT_OPTIONS}
`,
  repair: `Usage: facturx repair FILE.xml|DIR [--constraints JSON] [--target-profile P] [--out PATH] [--json]

  --constraints JSON   max_changes_allowed, do_not_modify_amounts, do_not_invent_missing_parties, target_profile
  --target-profile P   MINIMUM, BASIC_WL, BASIC, EN16931 or EXTENDED (default: detected)
  --out PATH           write the repaired XML there (a folder for several inputs)
${DOCUMENT_OPTIONS}
`,
  contract: `Usage: facturx contract [--json] [--lang en|fr]

Prints the body of GET /api/v1/integration-contract.
`,
  openapi: `Usage: facturx openapi [--json]

Prints the body of GET /api/v1/openapi.json: the OpenAPI 3.1.0 description of the interface.
`,
  keys: `Usage: facturx keys create --email E [--plan sandbox|launch|scale|business] [--data-dir DIR] [--database URL] [--json]
       facturx keys list [--data-dir DIR] [--database URL] [--json]
       facturx keys revoke KEY_ID [--data-dir DIR] [--database URL] [--json]

The key is printed once ({"apiKey", "tenant", "plan"} with --json); only its hash is stored.
The store is the one facturx serve uses: --database URL (or DATABASE_URL), a postgres:// address,
else the SQLite file in DIR (default: the per-user data folder).
`,
  serve: `Usage: facturx serve [--port N] [--host 127.0.0.1] [--data-dir DIR] [--database URL] [--rate-limit N]
         [--engine-threads N] [--job-threads N] [--async-after SECONDS] [--lease-seconds N]

Serves /api/v1 and the web interface; prints "listening on http://HOST:PORT" once ready. On loopback
(127.0.0.1, ::1, localhost) it then prints "open http://HOST:PORT/#sign-in=TOKEN": that address opens the
interface signed in for this machine, once (each start prints a new one); other clients use API keys.
--port 0 (the default) picks a free port. Stop with Ctrl+C (SIGINT) or SIGTERM.
The store (keys, quota, idempotency, profiles) is one SQLite file in DIR (default: the per-user data
folder), or with --database URL (or DATABASE_URL) a PostgreSQL shared by several servers.
--rate-limit N: requests per minute per API key, or per client address without a key (default 120;
0 turns it off). Over it: 429 rate_limit_exceeded with retry_after_seconds and Retry-After.
--engine-threads N: threads that run validations, extractions and repairs beside the one that answers
requests (default: one less than the processor cores, at least 1; 0 runs them on that one).

Jobs: a convert sent with "Prefer: respond-async" answers 202 with result.jobId at once, and so does
one still running after --async-after SECONDS (default 0: never); GET /api/v1/jobs/{id} tells how it
ended. --job-threads N threads work them beside the requests (default 1; on PostgreSQL, 0 leaves them
to facturx worker processes). A job whose worker stopped is taken again after --lease-seconds (60).
`,
  worker: `Usage: facturx worker --database URL [--concurrency N] [--lease-seconds N] [--data-dir DIR]

Works the jobs (convert answered 202) of the facturx serve instances that share the PostgreSQL store at
URL (or DATABASE_URL), from this machine or any other, until Ctrl+C (SIGINT) or SIGTERM. Prints
"working jobs from postgres://HOST/DB" once ready. --concurrency N jobs at once (default 1). A job
whose worker stops is taken again by another after --lease-seconds (default 60).
`,
};
