import { Button } from '@mantine/core';
import { useRef } from 'react';
import { acceptOf, type FileKind, type useUpload } from '../../app/upload.ts';
import type { ControlProps } from './FormField.tsx';

export interface FilePickerProps {
  /** The upload this picker starts (useUpload of the same kind). */
  upload: ReturnType<typeof useUpload>;
  kind: FileKind;
  /** The field's id (the button carries it, so links and focus land on it). */
  id: string;
  label: string;
  ariaLabel?: string;
  control: ControlProps;
  inputTestId: string;
  onUploaded(fileId: string): void;
}

/**
 * A button that opens the file chooser, and the hidden input behind it: the chosen file is checked and uploaded
 * (useUpload), and only its id reaches the form.
 */
export function FilePicker({ upload, kind, id, label, ariaLabel, control, inputTestId, onUploaded }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  async function pick(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const result = await upload.start(file);
    if (result?.ok) onUploaded(result.file.fileId);
  }
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={acceptOf(kind)}
        data-testid={inputTestId}
        onChange={(e) => void pick(e.currentTarget.files?.[0])}
      />
      <Button
        id={id}
        variant="default"
        size="sm"
        loading={upload.uploading}
        aria-label={ariaLabel}
        aria-describedby={control['aria-describedby']}
        aria-invalid={control['aria-invalid']}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
    </>
  );
}

/**
 * "Remove" beside a chosen file, named for its field ("Main image: Remove"): it forgets the upload's state, then
 * `onRemoved` clears the form's value.
 */
export function FileRemoveButton(props: {
  text: string;
  fieldLabel: string;
  upload: Pick<ReturnType<typeof useUpload>, 'reset'>;
  onRemoved(): void;
  testId?: string;
}) {
  return (
    <Button
      variant="subtle"
      color="red"
      c="red.9"
      size="sm"
      aria-label={`${props.fieldLabel}: ${props.text}`}
      onClick={() => {
        props.upload.reset();
        props.onRemoved();
      }}
      data-testid={props.testId}
    >
      {props.text}
    </Button>
  );
}
