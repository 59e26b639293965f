import { Alert, Button, Checkbox, Group, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as C from '../../../../api/contracts/admin.ts';
import type { PermissionMatrix } from '../../../../api/contracts/permissions.ts';
import type { Action } from '../../../../domain/permissions/screens.ts';
import { isRoleId, RoleNameKey } from '../../../../domain/shared/roles.ts';
import { errorCode } from '../../app/api.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FailureAlert } from '../../components/FailureAlert.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { permissionMatrixQuery, saveChanges } from './api.ts';
import { changeCount, changesOf, type Draft, draftOf, holds, isProtected, toggled } from './matrix.ts';

type ScreenRow = PermissionMatrix['screens'][number];
const col = gridColumnHelper<ScreenRow>();

/**
 * /$lang/permissions: screens × roles, each cell the screen's actions as labelled checkboxes. Editable only with the
 * grant and revoke endpoints' own guard (allowadminrole Edit); saving sends the difference after a confirmation, and
 * each change is in force on the users' next request.
 */
export function PermissionsPage() {
  const { t, title } = useScreen('page.permissions');
  const queryClient = useQueryClient();
  const matrix = useQuery(permissionMatrixQuery);
  const canGrant = useCan(C.grantPermissions);
  const canRevoke = useCan(C.revokePermissions);
  const canEdit = canGrant && canRevoke;
  // The edits over the server's matrix; null while there are none (the server's matrix is shown as it is).
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const shown = useMemo(() => draft ?? (matrix.data ? draftOf(matrix.data) : new Map()), [draft, matrix.data]);
  const changes = useMemo(
    () => (matrix.data && draft ? changesOf(matrix.data, draft) : { grants: [], revokes: [] }),
    [matrix.data, draft],
  );
  const count = changeCount(changes);
  const save = useMutation({
    mutationFn: () => saveChanges(queryClient, changes),
    onSuccess: () => {
      setDraft(null);
      setConfirming(false);
      notifyDone(t('permissions.saved'));
    },
    // Part may be saved: start again from the server's matrix (read again by saveChanges).
    onError: () => setDraft(null),
  });

  const roles = useMemo(() => matrix.data?.roles.map((r) => r.roleId) ?? [], [matrix.data]);
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('screen', {
          ...columnTitle(t('permissions.col.screen')),
          cell: (info) => (
            <Text size="sm" fw={600} component="span">
              {t(`permissions.screen.${info.getValue()}` as TranslationKey, { defaultValue: info.getValue() })}
            </Text>
          ),
        }),
        ...roles.map((role) => {
          const roleName = isRoleId(role) ? t(RoleNameKey[role] as TranslationKey) : String(role);
          return col.display({
            id: `role-${role}`,
            ...columnTitle(roleName),
            cell: ({ row: { original: s } }) => (
              <Cell
                role={role}
                roleName={roleName}
                screen={s}
                draft={shown}
                editable={canEdit && !save.isPending}
                onChange={(action, on) => setDraft(toggled(shown, role, s.screen, action, on))}
              />
            ),
          });
        }),
      ]),
    [t, roles, shown, canEdit, save.isPending],
  );

  return (
    <PageFrame title={title} intro={t('permissions.intro')}>
      {!canEdit && (
        <Alert color="gray" role="note" data-testid="permissions-read-only">
          {t('permissions.readOnly')}
        </Alert>
      )}
      <ErrorAlert
        message={save.isError && t('permissions.failed', { error: t(errorCode(save.error)) })}
        testId="permissions-failed"
      />
      {canEdit && (
        <Group justify="space-between" wrap="wrap">
          <Text role="status" data-testid="permissions-changes">
            {count > 0 ? t('permissions.changes', { count }) : t('permissions.noChanges')}
          </Text>
          <Group gap="sm">
            <Button variant="default" disabled={count === 0} onClick={() => setDraft(null)}>
              {t('permissions.reset')}
            </Button>
            <Button disabled={count === 0} onClick={() => setConfirming(true)} data-testid="permissions-save">
              {t('permissions.save')}
            </Button>
          </Group>
        </Group>
      )}
      <DataGrid
        id="permissions"
        caption={t('permissions.caption')}
        columns={columns}
        rows={matrix.data?.screens}
        getRowId={(s) => s.screen}
        read={matrix}
        columnChoice={false}
        emptyMessage={t('permissions.empty')}
        striped
        minWidth={1100}
        testId="permissions-matrix"
      />
      <ConfirmModal
        opened={confirming}
        title={t('permissions.confirmTitle')}
        message={t('permissions.confirmText', { grants: changes.grants.length, revokes: changes.revokes.length })}
        confirmLabel={t('permissions.confirm')}
        busy={save.isPending}
        error={save.isError && <FailureAlert code={errorCode(save.error)} />}
        onConfirm={() => save.mutate()}
        onCancel={() => setConfirming(false)}
        confirmTestId="permissions-confirm"
      />
    </PageFrame>
  );
}

/** One role's actions on one screen: a labelled checkbox each (read only without the right to edit). */
function Cell(props: {
  role: number;
  roleName: string;
  screen: ScreenRow;
  draft: Draft;
  editable: boolean;
  onChange(action: Action, on: boolean): void;
}) {
  const { t } = useTranslation();
  const screenName = t(`permissions.screen.${props.screen.screen}` as TranslationKey, {
    defaultValue: props.screen.screen,
  });
  return (
    <Group
      gap="xs"
      wrap="wrap"
      role="group"
      aria-label={t('permissions.cellGroup', { screen: screenName, role: props.roleName })}
    >
      {props.screen.actions.map((action) => {
        const locked = isProtected(props.role, props.screen.screen, action);
        const name = t(`permissions.action.${action}`);
        return (
          <Checkbox
            key={action}
            size="xs"
            label={name}
            aria-label={t('permissions.cell', { action: name, screen: screenName, role: props.roleName })}
            title={locked ? t('permissions.protected') : undefined}
            checked={holds(props.draft, props.role, props.screen.screen, action)}
            disabled={!props.editable || locked}
            onChange={(e) => props.onChange(action, e.currentTarget.checked)}
            data-testid={`perm-${props.role}-${props.screen.screen}-${action}`}
          />
        );
      })}
    </Group>
  );
}
