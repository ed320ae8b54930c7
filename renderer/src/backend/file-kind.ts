/** The invoice files the interface accepts, told apart by name or declared media type. */
export type FileKind = 'pdf' | 'xml';

export function fileKind(filename: string, mediaType: string): FileKind | null {
  const name = filename.toLowerCase();
  if (name.endsWith('.pdf') || mediaType === 'application/pdf') return 'pdf';
  if (name.endsWith('.xml') || mediaType === 'application/xml' || mediaType === 'text/xml') return 'xml';
  return null;
}

/** The media type sent for a kind when the browser declared none. */
export const mediaTypeOf = { pdf: 'application/pdf', xml: 'application/xml' } as const satisfies Record<
  FileKind,
  string
>;

/** A PDF is validated and its embedded XML extracted; an XML is validated. */
export const operationsFor = { pdf: ['validate', 'extract'], xml: ['validate'] } as const satisfies Record<
  FileKind,
  readonly ('validate' | 'extract')[]
>;
