import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationDetail } from '../../../../api/contracts/registration.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { TitledSection } from '../../components/TitledSection.tsx';
import { formatDayTime } from './format.ts';
import { ConfirmDialog, failureOf, useReviewAction } from './ReviewActions.tsx';
import { useRequiredText } from './useRequiredText.ts';

/** Application notes: the list, and for reviewers while the status is below approved, add and (confirmed) remove. */
export function NotesSection({
  id,
  detail,
  canAdd,
  canRemove,
}: {
  id: string;
  detail: RegistrationDetail;
  canAdd: boolean;
  canRemove: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const [removing, setRemoving] = useState<string | null>(null);
  return (
    <TitledSection titleId="notes-title" title={t('myReg.notes')} order={3} size="h5" data-testid="notes">
      {detail.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('NoRecordsFound')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" className="history-list">
          {detail.notes.map((note) => {
            const at = formatDayTime(note.at, lang) ?? note.at;
            return (
              <Paper key={note.noteId} component="li" withBorder p="xs" radius="sm" data-testid="note">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <div>
                    <Text size="xs" c="dimmed">
                      <time dateTime={note.at}>{at}</time>
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {note.note}
                    </Text>
                  </div>
                  {canRemove && (
                    <Button
                      variant="subtle"
                      color="red"
                      c="red.9"
                      size="compact-sm"
                      aria-label={t('review.notes.removeNamed', { at })}
                      onClick={() => setRemoving(note.noteId)}
                    >
                      {t('review.notes.remove')}
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {canAdd && <AddNote id={id} />}
      {removing && (
        <ConfirmDialog
          id={id}
          action={{ type: 'remove-note', noteId: removing }}
          title={t('review.notes.removeTitle')}
          text={t('review.notes.removeText')}
          confirm={t('review.notes.remove')}
          danger
          onClose={() => setRemoving(null)}
        />
      )}
    </TitledSection>
  );
}

function AddNote({ id }: { id: string }) {
  const { t } = useTranslation();
  const run = useReviewAction(id, { focusStatus: false });
  const note = useRequiredText('new-note', 'EmptyText');
  const failure = note.problem ?? failureOf(run.error);

  return (
    <form
      onSubmit={(e) =>
        note.submit(e, (text) =>
          run.mutate({ type: 'add-note', body: { note: text } }, { onSuccess: () => note.setText('') }),
        )
      }
      noValidate
    >
      <Stack gap="xs" mt="sm">
        <Textarea
          id="new-note"
          label={t('review.notes.new')}
          rows={3}
          maxLength={2000}
          value={note.text}
          onChange={(e) => note.setText(e.currentTarget.value)}
          error={failure ? t(failure) : undefined}
        />
        <Group>
          <Button type="submit" variant="light" loading={run.isPending}>
            {t('review.notes.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
