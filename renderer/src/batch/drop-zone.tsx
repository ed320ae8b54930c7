import { useRef, useState, type DragEvent } from 'react';
import { useI18n } from '../i18n/i18n';

interface Props {
  readonly onFiles: (files: readonly File[]) => void;
  /** Once documents are there, a single line, so that they are what the window shows. */
  readonly compact?: boolean;
}

/** Takes invoice files by drag-and-drop or through the file picker. */
export function DropZone({ onFiles, compact = false }: Props) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const hover = (event: DragEvent) => {
    event.preventDefault();
    setOver(event.type !== 'dragleave');
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };

  return (
    <div
      className={['dropzone', ...(compact ? ['compact'] : []), ...(over ? ['over'] : [])].join(' ')}
      data-testid="dropzone"
      onDragEnter={hover}
      onDragOver={hover}
      onDragLeave={hover}
      onDrop={drop}
    >
      <svg className="dropzone-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z M14 3v5h5 M12 17v-6 M9 14l3-3 3 3" />
      </svg>
      <p className="dropzone-title">{t('drop.title')}</p>
      {!compact && <p className="dropzone-hint">{t('drop.hint')}</p>}
      <button type="button" className="primary" onClick={() => input.current?.click()}>
        {t('drop.browse')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".pdf,.xml,.json,application/pdf,application/xml,text/xml,application/json"
        multiple
        hidden
        data-testid="file-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
