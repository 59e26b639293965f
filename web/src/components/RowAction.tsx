import { Button, type ButtonProps } from '@mantine/core';

export interface RowActionProps {
  /** The action's text, shown on the button. */
  text: string;
  /** The row's name: screen readers hear "text: row" so that each row's button has its own name. */
  row: string;
  variant?: ButtonProps['variant'];
  loading?: boolean;
  disabled?: boolean;
  onClick(): void;
  testId?: string;
}

/** A compact action button in a grid row ("Approve hours" named "Approve hours: Reem Aldosari"). */
export function RowAction({ text, row, variant = 'default', loading, disabled, onClick, testId }: RowActionProps) {
  return (
    <Button
      size="compact-xs"
      variant={variant}
      aria-label={`${text}: ${row}`}
      loading={loading}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {text}
    </Button>
  );
}
