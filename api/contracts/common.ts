import { z } from 'zod';
import { ErrorCodes } from '../../domain/shared/errors.ts';
import * as P from './primitives.ts';

/**
 * An object schema named `id` in the OpenAPI document (a component there, referenced where it is used): every named
 * row, answer and body is `named('X', { ...fields })`, with `export type X = z.infer<typeof X>` beside it.
 */
export const named = <S extends z.ZodRawShape>(id: string, shape: S) => z.object(shape).meta({ id });

/** Every error answer: { error: { code, message, details? } }, code from the catalogue (domain/shared/errors.ts). */
export const ErrorBody = named('ErrorBody', {
  error: z.object({
    code: z.enum(ErrorCodes),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Global log position "commit.prepare" returned by every command; read endpoints accept it as ?after= to wait for it. */
export const PositionText = z.string().regex(/^-?\d+\.-?\d+$/);

/** ?after=<position>: reads wait (bounded) until their read models have it. */
export const AfterQuery = z.object({ after: P.position.optional() });

export const CommandAccepted = named('CommandAccepted', { position: PositionText });
export type CommandAccepted = z.infer<typeof CommandAccepted>;

export const Lang = z.enum(['ar', 'en']);
export type Lang = z.infer<typeof Lang>;

/** Who did something, as the history tab and the audit log show it. */
export const Actor = z.object({
  id: z.string().nullable(),
  ...P.bilingual('name', 'nullable'),
  roleId: z.number().nullable(),
});

/** Spec: grid page sizes 10, 20, 30, 50, 75, 100, 500, 1000 (default 10). */
export const PageSize = P.queryOneOf([10, 20, 30, 50, 75, 100, 500, 1000]).default(10);

/** A grid's query: `?after=`, the page and the page size; each grid extends it with its filters. */
export const PagedQuery = AfterQuery.extend({ page: P.page, pageSize: PageSize });

/** A 204's "answer": nothing is sent (the web client resolves it as undefined). */
export const NoContent = z.undefined();

/** A grid's region and city filters (ids, from the query string), each optional. */
export const AreaFilters = { regionId: P.queryInt().optional(), cityId: P.queryInt().optional() };
/** A point on the map as the read side answers it (an event's, a proposal's): null where none was placed. */
export const MapPoint = { latitude: z.number().nullable(), longitude: z.number().nullable() };
/**
 * A speciality's category and its two sub-category levels (the lookups' three levels), each of `schema`: the
 * volunteer's specialities in the registration form, the statistics' filters on them.
 */
export const CategoryLevels = <S extends z.ZodType>(schema: S) => ({
  categoryId: schema,
  subCategoryLevel1Id: schema,
  subCategoryLevel2Id: schema,
});
/** A grid's days filter: from and to (`YYYY-MM-DD`, within the date pickers' bounds), each optional. */
export const DaysFilters = { from: P.isoDate().optional(), to: P.isoDate().optional() };

/** One page of a grid: its rows and how many there are in all. */
export const GridPage = <Row extends z.ZodType>(row: Row) => z.object({ rows: z.array(row), total: z.number().int() });

/** `:id` of a path that names one record by its uuid. */
export const IdParams = z.object({ id: P.uuid() });

/** `:id` an event and `:volunteerId` one of its volunteers (a participation, its hours). */
export const ParticipantParams = z.object({ id: P.uuid(), volunteerId: P.uuid() });

/** A file's bytes as an answer; the endpoint's `contentType` names what is sent. */
export const FileBytes = z.string().meta({ format: 'binary' });
/** A PDF answer. */
export const PdfAnswer = { response: FileBytes, contentType: 'application/pdf' } as const;
/** ?lang= of a document made in one language (Arabic unless asked). */
export const LangQuery = z.object({ lang: Lang.default('ar') });
/** A new password typed twice (changed by its owner, or reset through a mailed link). */
export const NewPassword = { newPassword: P.text(200), confirmPassword: P.text(200) };

/**
 * The header of an answer read before the read models reached the request's `after` (api/http/deps.ts, readAfter):
 * the web reads it again a moment later (web/src/app/api.ts).
 */
export const READ_BEHIND_HEADER = 'x-read-behind';

/** A record's name in both languages, as the read side answers it. */
export const Names = P.bilingual('name');

/** An endpoint's parts for a command on the record `:id` names: it answers the command's position. */
export const CommandOnId = { params: IdParams, response: CommandAccepted } as const;
/** An endpoint's parts for a read of the record `:id` names, waiting for `?after=`. */
export const ReadById = { params: IdParams, query: AfterQuery } as const;

/**
 * Each item's outcome of a batch of commands (staff inviting volunteers, approving hours), named `id`: per item its
 * `idKey` and its result (the success word or a catalogue code), and the last command's position, null when none was
 * written.
 */
export const BatchResults = <const K extends string>(id: string, idKey: K) =>
  named(id, {
    results: z.array(z.object({ [idKey]: z.string(), result: z.string() } as { [F in K | 'result']: z.ZodString })),
    position: z.string().nullable(),
  });

/** A body that refuses unknown fields, named `id` in the OpenAPI document. */
export const strictBody = <const S extends z.ZodRawShape>(id: string, shape: S) =>
  z.object(shape).strict().meta({ id });
/** A decision's optional reason (a rejection's), as a strict body named `id`. */
export const reasonBody = (id: string, max: number) =>
  strictBody(id, { reason: P.longText(max).nullable().optional() });
