import { type FormEvent, useState } from 'react';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';

/**
 * A free text a review action cannot go without (a note to add, the reason to reject): on submit it is sent trimmed;
 * left empty it is not sent, and its field (`inputId`) shows `emptyCode` and takes the focus.
 */
export function useRequiredText(inputId: string, emptyCode: ErrorCode) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<ErrorCode | null>(null);

  function submit(e: FormEvent, send: (text: string) => void) {
    e.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') {
      setProblem(emptyCode);
      document.getElementById(inputId)?.focus();
      return;
    }
    setProblem(null);
    send(trimmed);
  }

  return { text, setText, problem, submit };
}
