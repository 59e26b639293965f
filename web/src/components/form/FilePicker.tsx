import { Button, Group, Text } from '@mantine/core';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '../../app/UploadProgress.tsx';
import { acceptOf, type FileKind, type useUpload } from '../../app/upload.ts';
import { type ControlProps, FormField } from './FormField.tsx';

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

export interface UploadFieldProps extends Pick<FilePickerProps, 'upload' | 'kind' | 'inputTestId' | 'onUploaded'> {
  path: string;
  label: ReactNode;
  required?: boolean;
  description: ReactNode;
  /** The picker button's text, and its accessible name when the text alone does not name the field. */
  button: string;
  buttonAriaLabel?: string;
  /** What stands beside the button once a file is kept (a link to it, a remove button). */
  aside?: ReactNode;
  /** The live status line (uploading, attached), its id (the button is described by it) and test id. */
  status: ReactNode;
  statusId: string;
  statusTestId?: string;
  statusStyle?: CSSProperties;
}

/**
 * A form field whose value is an uploaded file's id: the picker, what stands beside it, a live status line and the
 * upload's progress. A refused upload never reached the form: its code is shown in the field's error's place.
 */
export function UploadField(props: UploadFieldProps) {
  const { t } = useTranslation();
  const { state } = props.upload;
  return (
    <FormField
      path={props.path}
      label={props.label}
      required={props.required}
      kind="control"
      description={props.description}
      error={state.phase === 'failed' ? t(state.code) : undefined}
      describedBy={[props.statusId]}
    >
      {({ wrapper, control }) => (
        <>
          <Group gap="sm" mt={6} wrap="wrap">
            <FilePicker
              upload={props.upload}
              kind={props.kind}
              id={wrapper.id}
              label={props.button}
              ariaLabel={props.buttonAriaLabel}
              control={control}
              inputTestId={props.inputTestId}
              onUploaded={props.onUploaded}
            />
            {props.aside}
            <Text
              id={props.statusId}
              size="sm"
              aria-live="polite"
              data-testid={props.statusTestId}
              style={props.statusStyle}
            >
              {props.status}
            </Text>
          </Group>
          <UploadProgress state={state} />
        </>
      )}
    </FormField>
  );
}
