import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  GO_IDLE,
  GO_SEQUENCE_TIMEOUT_MS,
  handleGoKey,
  isEditableTarget,
  isInsideOverlay,
  type GoKeyState,
} from '@/lib/go-keys';

/** Listens for "g then a key" and navigates; returns whether the hint bar should show. */
export function useGoKeys(): boolean {
  const navigate = useNavigate();
  const [hintVisible, setHintVisible] = useState(false);
  const state = useRef<GoKeyState>(GO_IDLE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const hideHint = () => {
      clearTimeout(timer.current);
      setHintVisible(false);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const { state: next, effect } = handleGoKey(state.current, {
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        editable: isEditableTarget(event.target) || isInsideOverlay(event.target),
        now: Date.now(),
      });
      state.current = next;
      switch (effect.type) {
        case 'show-hint':
          clearTimeout(timer.current);
          setHintVisible(true);
          timer.current = setTimeout(() => {
            state.current = GO_IDLE;
            setHintVisible(false);
          }, GO_SEQUENCE_TIMEOUT_MS);
          break;
        case 'navigate':
          event.preventDefault();
          hideHint();
          void navigate(effect.to);
          break;
        case 'cancel':
          hideHint();
          break;
        case 'none':
          break;
      }
    };

    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      clearTimeout(timer.current);
    };
  }, [navigate]);

  return hintVisible;
}
