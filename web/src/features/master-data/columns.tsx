import { Badge, Button, ColorSwatch, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { type GridColumn, gridColumnHelper } from '../../components/DataGrid.tsx';
import type { LookupAdminRow } from './api.ts';
import { type Draft, draftOf, type GridDrafts } from './drafts.ts';
import type { KindShape } from './kinds.ts';

/** A grid row: a saved item (maybe being edited) or a new one being typed. */
export interface Row {
  key: string;
  item: LookupAdminRow | null;
}

export const nameIn = (x: { nameAr: string; nameEn: string }, lang: Lang) => (lang === 'ar' ? x.nameAr : x.nameEn);

export interface ColumnsInput {
  shape: KindShape;
  lang: Lang;
  t: TFunction;
  g: GridDrafts;
  rowErrors: Record<string, ErrorCode>;
  busy: string | null;
  can: { add: boolean; edit: boolean; remove: boolean };
  parentOptions: { value: string; label: string }[];
  parentName(id: number | null): string;
  /** A city's group select: the group kind's items; a saved row shows its group's name. */
  groupOptions: { value: string; label: string }[];
  groupName(id: number | null): string;
  setDraft(key: string, patch: Partial<Draft>): void;
  edit(row: Row): void;
  cancel(row: Row): void;
  save(row: Row): void;
  toggleActive(item: LookupAdminRow): void;
  remove(item: LookupAdminRow): void;
}

const col = gridColumnHelper<Row>();

/** The grid's columns: names, the kind's parent and extra fields, status and the row's actions. */
export function gridColumns(x: ColumnsInput): GridColumn<Row>[] {
  const { t, shape, g } = x;
  const rowName = (r: Row) => (r.item ? nameIn(r.item, x.lang) || String(r.item.id) : t('masterData.new'));
  const input = (field: keyof Draft, label: string, opts: { dir?: 'ltr'; numeric?: boolean } = {}) =>
    col.display({
      id: field,
      header: label,
      meta: { label },
      cell: ({ row: { original: r } }) => {
        const d = g.drafts[r.key];
        if (!d) return shownValue(r.item, field, x);
        return (
          <TextInput
            size="xs"
            aria-label={t('masterData.field', { field: label, row: rowName(r) })}
            value={d[field]}
            dir={opts.dir}
            inputMode={opts.numeric ? 'numeric' : undefined}
            maxLength={opts.numeric ? 10 : 200}
            onChange={(e) => x.setDraft(r.key, { [field]: e.currentTarget.value })}
            data-testid={`edit-${field}`}
          />
        );
      },
    });
  const columns: GridColumn<Row>[] = [
    col.display({
      id: 'id',
      header: t('masterData.col.id'),
      meta: { label: t('masterData.col.id') },
      cell: ({ row: { original: r } }) => r.item?.id ?? '',
    }),
    input('nameAr', t('masterData.col.nameAr')),
    input('nameEn', t('masterData.col.nameEn')),
  ];
  /** A select of the row's parent or group: the saved row shows the chosen item's name. */
  const select = (
    id: 'parent' | 'group',
    field: 'parentId' | 'groupId',
    label: string,
    blank: string,
    options: { value: string; label: string }[],
    shown: (r: Row) => string,
  ) =>
    col.display({
      id,
      header: label,
      meta: { label },
      cell: ({ row: { original: r } }) => {
        const d = g.drafts[r.key];
        if (!d) return shown(r);
        return (
          <NativeSelect
            size="xs"
            aria-label={t('masterData.field', { field: label, row: rowName(r) })}
            value={d[field]}
            data={[{ value: '', label: blank }, ...options]}
            onChange={(e) => x.setDraft(r.key, { [field]: e.currentTarget.value })}
            data-testid={`edit-${field}`}
          />
        );
      },
    });
  if (shape.parent)
    columns.push(
      select('parent', 'parentId', t('masterData.col.parent'), t('masterData.chooseParent'), x.parentOptions, (r) =>
        x.parentName(r.item?.parentId ?? null),
      ),
    );
  if (shape.group)
    columns.push(
      select('group', 'groupId', t('masterData.col.group'), t('masterData.noGroup'), x.groupOptions, (r) =>
        x.groupName(r.item?.groupId ?? null),
      ),
    );
  if (shape.extra === 'targets')
    columns.push(
      input('minTarget', t('masterData.col.minTarget'), { dir: 'ltr', numeric: true }),
      input('maxTarget', t('masterData.col.maxTarget'), { dir: 'ltr', numeric: true }),
    );
  if (shape.extra === 'colour')
    columns.push(
      input('colourName', t('masterData.col.colourName')),
      input('colourCode', t('masterData.col.colourCode'), { dir: 'ltr' }),
    );
  columns.push(
    col.display({
      id: 'status',
      header: t('masterData.col.status'),
      meta: { label: t('masterData.col.status') },
      cell: ({ row: { original: r } }) =>
        r.item && (
          <Badge variant="light" color={r.item.active ? 'green.9' : 'gray.9'}>
            {r.item.active ? t('masterData.active') : t('masterData.inactive')}
          </Badge>
        ),
    }),
    col.display({
      id: 'actions',
      header: t('masterData.col.actions'),
      enableHiding: false,
      meta: { label: t('masterData.col.actions') },
      cell: ({ row: { original: r } }) => <RowActions row={r} x={x} rowName={rowName(r)} />,
    }),
  );
  return columns;
}

function shownValue(item: LookupAdminRow | null, field: keyof Draft, x: ColumnsInput) {
  if (!item) return '';
  if (field === 'colourCode' && item.colourCode)
    return (
      <Group gap={6} wrap="nowrap">
        <ColorSwatch color={item.colourCode} size={16} aria-hidden="true" />
        <span dir="ltr">{item.colourCode}</span>
      </Group>
    );
  const v = draftOf(item)[field];
  return field === 'parentId' ? x.parentName(item.parentId) : v;
}

function RowActions({ row, x, rowName }: { row: Row; x: ColumnsInput; rowName: string }) {
  const { t, g, shape } = x;
  const editing = g.drafts[row.key] !== undefined;
  const error = x.rowErrors[row.key];
  const item = row.item;
  const removed = item !== null && g.removed.includes(item.id);
  const label = (action: TranslationKey) => `${t(action)} – ${rowName}`;
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        {editing ? (
          <>
            {!shape.batch && (
              <Button
                size="compact-xs"
                loading={x.busy === row.key}
                onClick={() => x.save(row)}
                aria-label={label('masterData.save')}
                data-testid="row-save"
              >
                {t('masterData.save')}
              </Button>
            )}
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => x.cancel(row)}
              aria-label={label('masterData.cancel')}
            >
              {t('masterData.cancel')}
            </Button>
          </>
        ) : (
          item && (
            <>
              {x.can.edit && !removed && (
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => x.edit(row)}
                  aria-label={label('masterData.edit')}
                  data-testid="row-edit"
                >
                  {t('masterData.edit')}
                </Button>
              )}
              {x.can.edit && !removed && (
                <Button
                  size="compact-xs"
                  variant="default"
                  loading={x.busy === row.key}
                  onClick={() => x.toggleActive(item)}
                  aria-label={label(item.active ? 'masterData.deactivate' : 'masterData.reactivate')}
                  data-testid="row-toggle-active"
                >
                  {t(item.active ? 'masterData.deactivate' : 'masterData.reactivate')}
                </Button>
              )}
              {x.can.remove && (
                <Button
                  size="compact-xs"
                  variant={removed ? 'default' : 'outline'}
                  color="red.9"
                  onClick={() => x.remove(item)}
                  aria-label={label(removed ? 'masterData.undoDelete' : 'masterData.delete')}
                  data-testid="row-delete"
                >
                  {t(removed ? 'masterData.undoDelete' : 'masterData.delete')}
                </Button>
              )}
            </>
          )
        )}
      </Group>
      {removed && (
        <Text size="xs" c="red.9">
          {t('masterData.markedForDelete')}
        </Text>
      )}
      {error && (
        <Text size="xs" c="red.9" role="alert" data-testid="row-error">
          {t(error)}
        </Text>
      )}
    </Stack>
  );
}
