/**
 * Dates in the Info dictionary's form `D:YYYYMMDDHHmmSSOHH'mm'` (ISO 32000-1 §7.9.4) and in XMP's
 * ISO 8601 form. We write both, equal, in UTC, so that a reader shows the same date whichever it reads.
 */

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

export function pdfDate(d: Date): string {
  return (
    `D:${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}+00'00'`
  );
}

export function xmpDate(d: Date): string {
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+00:00`
  );
}

/** A PDF date string, read leniently (missing fields default as §7.9.4 says); undefined when unreadable. */
export function parsePdfDate(s: string): Date | undefined {
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(
    s.trim(),
  );
  if (!m) return undefined;
  const n = (i: number, dflt: number): number => (m[i] ? Number(m[i]) : dflt);
  const sign = m[7] === '-' ? -1 : 1;
  const offsetMin = m[7] && m[7].toUpperCase() !== 'Z' ? sign * (n(8, 0) * 60 + n(9, 0)) : 0;
  const t = Date.UTC(n(1, 0), n(2, 1) - 1, n(3, 1), n(4, 0), n(5, 0), n(6, 0)) - offsetMin * 60_000;
  return Number.isFinite(t) ? new Date(t) : undefined;
}
