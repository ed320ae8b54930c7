import { useId } from 'react';
import { TERM_NAMES } from '../../../core/model/terms';
import type { TermSource } from '../document/invoice-draft';
import { useI18n } from '../i18n/i18n';
import { codeName, codesOf } from '../shared/code-names';
import { DateInput } from '../shared/date-input';
import { decimalText, getAt, pathText, type Path } from './draft-edit';
import { sections, tables, type FieldSpec, type TableSpec } from './review-fields';
import type { Review } from './use-review';

/** Below this, a value read from the page is marked for checking. */
export const CERTAIN = 0.9;

export interface FieldContext {
  readonly review: Review;
  readonly sources: Readonly<Record<string, TermSource>>;
  /** Fields the backend named as missing or malformed (`seller.name`), with its words. */
  readonly problems: Readonly<Record<string, string>>;
  /** Says which term is pointed at (hover, focus), for the page to outline where it was read. */
  readonly point: (term: string | undefined) => void;
}

const idOf = (formId: string, path: Path) => `${formId}-${pathText(path).replace(/[^\w-]/g, '_')}`;

/** Where a field's value came from, and how sure the reading is. */
function Provenance({
  source,
  edited,
}: {
  readonly source: TermSource | undefined;
  readonly edited: boolean;
}) {
  const { t } = useI18n();
  if (edited) return <span className="provenance provenance-edited">{t('review.source.edited')}</span>;
  if (!source || source.source === 'conflict') return null;
  if (source.source === 'profile') return <span className="provenance">{t('review.source.profile')}</span>;
  if (source.source === 'request_context')
    return <span className="provenance">{t('review.source.context')}</span>;
  const sure = source.confidence === undefined ? undefined : Math.round(source.confidence * 100);
  return (
    <span className="provenance" title={source.text}>
      {source.page !== undefined
        ? t('review.source.page', { page: source.page })
        : t('review.source.document')}
      {sure !== undefined && ` · ${t('review.source.sure', { n: sure })}`}
    </span>
  );
}

function Input({
  spec,
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  readonly spec: FieldSpec;
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly invalid: boolean;
  readonly describedBy: string | undefined;
}) {
  const { lang, t } = useI18n();
  const common = {
    id,
    'data-bt': spec.bt,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  if (spec.kind === 'long')
    return <textarea {...common} rows={2} value={value} onChange={(event) => onChange(event.target.value)} />;
  if (spec.kind === 'date')
    return (
      <DateInput
        id={id}
        data-bt={spec.bt}
        invalid={invalid}
        describedBy={describedBy}
        value={value}
        onChange={onChange}
      />
    );
  if (spec.kind === 'decimal')
    return (
      <input
        {...common}
        type="text"
        inputMode="decimal"
        value={value}
        onChange={(event) => onChange(decimalText(event.target.value))}
      />
    );
  const codes = spec.list ? codesOf(spec.list) : [];
  if (spec.kind === 'code' && codes.length > 0) {
    const options = codes.includes(value) || value === '' ? codes : [value, ...codes];
    return (
      <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('review.none')}</option>
        {options.map((code) => {
          const name = spec.list ? codeName(spec.list, code, lang) : undefined;
          return (
            <option key={code} value={code}>
              {name ? `${name} (${code})` : code}
            </option>
          );
        })}
      </select>
    );
  }
  const listId = spec.suggestions ? `${id}-suggestions` : undefined;
  return (
    <>
      <input
        {...common}
        type="text"
        value={value}
        {...(listId ? { list: listId } : {})}
        onChange={(event) =>
          onChange(
            spec.list === 'country' || spec.list === 'currency'
              ? event.target.value.toUpperCase()
              : event.target.value,
          )
        }
      />
      {listId && (
        <datalist id={listId}>
          {spec.suggestions?.map((code) => (
            <option key={code} value={code}>
              {spec.list ? codeName(spec.list, code, lang) : t(`review.bp.${code}` as 'review.bp.B1')}
            </option>
          ))}
        </datalist>
      )}
    </>
  );
}

/** One field: the term's name, the value, where it came from and how sure; uncertain values marked. */
function Field({
  context,
  spec,
  path,
  sourceKey,
  formId,
  compact,
}: {
  readonly context: FieldContext;
  readonly spec: FieldSpec;
  readonly path: Path;
  readonly sourceKey: string;
  readonly formId: string;
  readonly compact?: boolean;
}) {
  const { lang, t } = useI18n();
  const { review, sources, problems, point } = context;
  const raw = getAt(review.draft, path);
  const value = raw === undefined ? '' : String(raw);
  const key = pathText(path);
  const edited = review.edited.has(key);
  const source = sources[sourceKey];
  const uncertain =
    !edited && source?.confidence !== undefined && source.confidence < CERTAIN && value !== '';
  const problem = problems[key];
  const id = idOf(formId, path);
  const name = TERM_NAMES[spec.bt]?.[lang] ?? spec.bt;
  const country =
    spec.list === 'country' && value.length === 2 ? codeName('country', value, lang) : undefined;
  const describedBy = [problem && `${id}-problem`, uncertain && `${id}-uncertain`].filter(Boolean).join(' ');
  return (
    <div
      className={[
        'review-field',
        uncertain && 'uncertain',
        problem && 'has-problem',
        compact && 'compact',
        compact && spec.wide && 'wide',
      ]
        .filter(Boolean)
        .join(' ')}
      data-testid="review-field"
      data-path={key}
      data-term={sourceKey}
      onMouseEnter={() => point(sourceKey)}
      onMouseLeave={() => point(undefined)}
      onFocus={() => point(sourceKey)}
      onBlur={() => point(undefined)}
    >
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {name} <span className="field-bt">{spec.bt}</span>
      </label>
      <Input
        spec={spec}
        id={id}
        value={value}
        onChange={(next) => review.setField(path, next)}
        invalid={Boolean(problem)}
        describedBy={describedBy || undefined}
      />
      <span className="field-meta">
        <Provenance source={source} edited={edited} />
        {country && <span className="field-hint">{country}</span>}
        {uncertain && (
          <span className="uncertain-mark" id={`${id}-uncertain`}>
            {t('review.uncertain')}
            {source?.text && ` · “${source.text}”`}
          </span>
        )}
      </span>
      {problem && (
        <span className="field-problem" id={`${id}-problem`} role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}

function Table({
  context,
  table,
  formId,
}: {
  readonly context: FieldContext;
  readonly table: TableSpec;
  readonly formId: string;
}) {
  const { lang, t } = useI18n();
  const headingId = useId();
  const entries = getAt(context.review.draft, table.path);
  const rows = Array.isArray(entries) ? entries : [];
  return (
    <section className="review-table" data-testid={`review-${table.id}`} aria-labelledby={headingId}>
      <h4 id={headingId}>{t(table.title)}</h4>
      {rows.length > 0 && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column.bt} scope="col">
                    {TERM_NAMES[column.bt]?.[lang] ?? column.bt} <span className="field-bt">{column.bt}</span>
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('review.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((_, index) => (
                <tr key={index} data-testid={`review-${table.id}-row`}>
                  {table.columns.map((column) => (
                    <td key={column.bt}>
                      <Field
                        context={context}
                        spec={column}
                        path={[...table.path, index, ...column.path]}
                        sourceKey={table.group ? `${table.group}[${index + 1}]/${column.bt}` : column.bt}
                        formId={formId}
                        compact
                      />
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="ghost dark"
                      onClick={() => context.review.removeEntry(table.path, index)}
                      aria-label={t('review.removeRow', { n: index + 1, what: t(table.title) })}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button
        type="button"
        className="secondary"
        onClick={() => context.review.addEntry(table.path, table.newEntry(rows.length))}
      >
        {t('review.addRow', { what: t(table.title) })}
      </button>
    </section>
  );
}

/** The whole invoice as a form: header, parties, lines, VAT breakdown, totals, payment, notes, references. */
export function ReviewForm({ context, formId }: { readonly context: FieldContext; readonly formId: string }) {
  const { t } = useI18n();
  const [header, seller, buyer, totals, payment] = sections;
  const section = (spec: (typeof sections)[number] | undefined) =>
    spec && (
      <fieldset key={spec.id} className="review-section" data-testid={`review-${spec.id}`}>
        <legend>{t(spec.title)}</legend>
        <div className="review-grid">
          {spec.fields.map((field) => (
            <Field
              key={pathText(field.path)}
              context={context}
              spec={field}
              path={field.path}
              sourceKey={field.bt}
              formId={formId}
            />
          ))}
        </div>
      </fieldset>
    );
  const table = (id: string) => {
    const spec = tables.find((candidate) => candidate.id === id);
    return spec && <Table key={id} context={context} table={spec} formId={formId} />;
  };
  return (
    <div className="review-form" data-testid="review-form">
      {section(header)}
      {table('preceding')}
      <div className="review-parties">
        {section(seller)}
        {section(buyer)}
      </div>
      {table('lines')}
      {table('allowances')}
      {table('charges')}
      {table('vat')}
      {section(totals)}
      {section(payment)}
      {table('notes')}
    </div>
  );
}
