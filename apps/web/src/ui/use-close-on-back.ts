import { useEffect, useRef } from 'react';

const MARKER = 'technicianDialog';

function onOurEntry(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && MARKER in state;
}

/**
 * Spec 2 §2: the details dialog closes on browser back. For a dialog mounted only while
 * open: mounting pushes a history entry at the same address; back pops it and closes the
 * dialog; closing any other way takes the entry off again so back then leaves the page as
 * usual.
 */
export function useCloseOnBack(onClose: () => void) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // React's development double effect would push, pop and push again; the pop is deferred
  // and cancelled when the same dialog opens at once again.
  const pendingBack = useRef<number | null>(null);

  useEffect(() => {
    if (pendingBack.current !== null) {
      window.clearTimeout(pendingBack.current);
      pendingBack.current = null;
    } else {
      const current: unknown = window.history.state;
      const base = typeof current === 'object' && current !== null ? current : {};
      window.history.pushState({ ...base, [MARKER]: true }, '');
    }
    let poppedByBack = false;
    const onPop = () => {
      poppedByBack = true;
      onCloseRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (poppedByBack) return;
      pendingBack.current = window.setTimeout(() => {
        pendingBack.current = null;
        if (onOurEntry()) window.history.back();
      }, 0);
    };
  }, []);
}
