import { Button, Group, type MantineSpacing } from '@mantine/core';

/**
 * A form's closing row at the end of the line: "cancel", then its submit button (loading while the form is sent; red
 * for a refusal or a deletion).
 */
export function CancelAndSubmit(props: {
  cancel: string;
  onCancel(): void;
  submit: string;
  busy: boolean;
  disabled?: boolean;
  danger?: boolean;
  testId?: string | undefined;
  gap?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" gap={props.gap}>
      <Button variant="default" onClick={props.onCancel}>
        {props.cancel}
      </Button>
      <Button
        type="submit"
        color={props.danger ? 'red.9' : undefined}
        loading={props.busy}
        disabled={props.disabled}
        data-testid={props.testId}
      >
        {props.submit}
      </Button>
    </Group>
  );
}
