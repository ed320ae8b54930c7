import { useEffect, useState } from 'react';
import type { Backend, UploadLimits } from '../backend/backend';

/** What the backend accepts, once it has said; null until then, and when it does not say. */
export function useUploadLimits(backend: Backend): UploadLimits | null {
  const [limits, setLimits] = useState<{ readonly backend: Backend; readonly limits: UploadLimits | null }>();
  useEffect(() => {
    let current = true;
    void backend.limits?.().then((said) => {
      if (current) setLimits({ backend, limits: said });
    });
    return () => {
      current = false;
    };
  }, [backend]);
  return limits?.backend === backend ? limits.limits : null;
}
