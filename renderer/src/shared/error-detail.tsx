import type { ReactNode } from 'react';
import type { ShownError } from '../backend/backend';

interface Props {
  readonly error: ShownError;
  /** What failed, said before the code. */
  readonly heading?: string;
  /** Announced at once: the error answers something the user just did. */
  readonly alert?: boolean;
  readonly testId?: string;
  /** What the user can do about it. */
  readonly children?: ReactNode;
}

/** An error as the backend gave it: its machine code and its message. */
export function ErrorDetail({ error, heading, alert, testId, children }: Props) {
  return (
    <div className="answer-error" role={alert ? 'alert' : undefined} data-testid={testId}>
      {heading && <p>{heading}</p>}
      <code data-testid="error-code">{error.error}</code>
      <p data-testid="error-message">{error.message}</p>
      {children}
    </div>
  );
}
