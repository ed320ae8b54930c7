/** The invoice files the interface accepts, told apart by name or declared media type. */
export type FileKind = 'pdf' | 'xml' | 'json';

export function fileKind(filename: string, mediaType: string): FileKind | null {
  const name = filename.toLowerCase();
  if (name.endsWith('.pdf') || mediaType === 'application/pdf') return 'pdf';
  if (name.endsWith('.xml') || mediaType === 'application/xml' || mediaType === 'text/xml') return 'xml';
  if (name.endsWith('.json') || mediaType === 'application/json') return 'json';
  return null;
}

/** The media type sent for a kind when the browser declared none. */
export const mediaTypeOf = {
  pdf: 'application/pdf',
  xml: 'application/xml',
  json: 'application/json',
} as const satisfies Record<FileKind, string>;

/**
 * A PDF is validated and its embedded XML extracted; an XML is validated. A JSON `invoice_data` payload
 * is only converted, on request.
 */
export const operationsFor = {
  pdf: ['validate', 'extract'],
  xml: ['validate'],
  json: [],
} as const satisfies Record<FileKind, readonly ('validate' | 'extract')[]>;
