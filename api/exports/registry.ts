import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ExportScope } from '../../domain/reports/decide.ts';
import type { AnyDB } from '../../projections/runner/projection.ts';
import type { exportEndpoint } from '../contracts/exports.ts';
import type { ApiDeps } from '../http/deps.ts';
import { route } from '../http/route.ts';
import { type Cell, type ColumnSpec, type ExportColumn, type ExportContext, specOf } from './columns.ts';

type Session = { userId: string; roleId: number };

/** What the start of an export hands to the exports routes once the contract has validated it. */
export interface StartRequest {
  source: ExportSource;
  session: Session;
  format: 'xlsx' | 'pdf';
  formatted: boolean;
  language: 'ar' | 'en';
  /** The filters in their query form (the event keeps them so; the job parses them again with the same schema). */
  filters: Record<string, string>;
}

/**
 * One export source, as its module declares it: the start contract (its path, guard and the grid's filter schema),
 * the title, the columns (Arabic and English headers, how each reads a row), how many rows and which rows the filters
 * select within the requester's region/city scope (keyset batches, never all at once), and an optional record-level
 * check made when the export is asked for (event staff on that event).
 */
export interface ExportSourceDef<Path extends string, S extends z.ZodType, R> {
  /** The start contract; its path, POST /api/exports/<name>, names the source. */
  contract: ReturnType<typeof exportEndpoint<Path, S>>;
  title: { ar: string; en: string };
  columns: readonly ExportColumn<R>[];
  /** The context gives the master data (a staff scope's covered areas) and the file's language. */
  count(db: Kysely<AnyDB>, filters: z.output<S>, scope: ExportScope | null, ctx: ExportContext): Promise<number>;
  rows(db: Kysely<AnyDB>, filters: z.output<S>, scope: ExportScope | null, ctx: ExportContext): AsyncIterable<R>;
  authorize?(deps: ApiDeps, session: Session, filters: z.output<S>): Promise<void>;
  /** The filters as the PDF's page header lists them (name: value), in the export's language. */
  describe?(filters: z.output<S>, ctx: ExportContext): string[];
}

/** An opened export: its total and its rows as cells, in the columns' order. */
export interface OpenedExport {
  count(): Promise<number>;
  rows(): AsyncIterable<Cell[]>;
  describe(): string[];
}

/** A registered source with its row type erased: what the routes, the job and the writers use. */
export interface ExportSource {
  name: string;
  title: { ar: string; en: string };
  columns: readonly ColumnSpec[];
  /** Registers the start route; `start` records the request and answers its id. */
  register(
    app: FastifyInstance,
    start: (r: StartRequest, req: FastifyRequest) => Promise<{ id: string; position: string }>,
  ): void;
  authorize(deps: ApiDeps, session: Session, filters: Record<string, string>): Promise<void>;
  open(
    db: Kysely<AnyDB>,
    filters: Record<string, unknown>,
    scope: ExportScope | null,
    ctx: ExportContext,
  ): OpenedExport;
}

/** A parsed filter value back in its query form: numbers and lists as the query string carries them. */
function queryForm(value: unknown): string | null {
  if (value == null) return null;
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}

export function queryFormOf(filters: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters && typeof filters === 'object')
    for (const [k, v] of Object.entries(filters)) {
      const q = queryForm(v);
      if (q !== null) out[k] = q;
    }
  return out;
}

const PREFIX = '/api/exports/';

/** A source's name: the last part of its start path (the routes, the job and the file name use it). */
function nameOf(path: string): string {
  if (!path.startsWith(PREFIX)) throw new Error(`an export's start path is ${PREFIX}<name>, not ${path}`);
  return path.slice(PREFIX.length);
}

function defineSource<const Path extends string, S extends z.ZodType, R>(
  def: ExportSourceDef<Path, S, R>,
): ExportSource {
  const schema = def.contract.body.shape.filters as S;
  const parse = (filters: unknown): z.output<S> => schema.parse(filters);
  const source: ExportSource = {
    name: nameOf(def.contract.path),
    title: def.title,
    columns: def.columns.map(specOf),
    register(app, start) {
      route(app, def.contract, {}, async (req, reply) => {
        const body = req.body as {
          format: 'xlsx' | 'pdf';
          formatted: boolean;
          language: 'ar' | 'en';
          filters: unknown;
        };
        const started = await start(
          {
            source,
            session: req.session!,
            format: body.format,
            formatted: body.formatted,
            language: body.language,
            filters: queryFormOf(body.filters),
          },
          req,
        );
        return reply.code(201).send(started);
      });
    },
    authorize: async (deps, session, filters) => {
      if (def.authorize) await def.authorize(deps, session, parse(filters));
    },
    open(db, filters, scope, ctx) {
      const f = parse(filters);
      return {
        count: () => def.count(db, f, scope, ctx),
        async *rows() {
          for await (const r of def.rows(db, f, scope, ctx)) yield def.columns.map((c) => c.value(r, ctx));
        },
        describe: () => def.describe?.(f, ctx) ?? [],
      };
    },
  };
  return source;
}

/** The registered sources, by name (api/exports/sources.ts registers them). */
const registry = new Map<string, ExportSource>();

/** Declares an export source and registers it under its name (its start path's last part). */
export function exportSource<const Path extends string, S extends z.ZodType, R>(
  def: ExportSourceDef<Path, S, R>,
): ExportSource {
  const source = defineSource(def);
  if (registry.has(source.name)) throw new Error(`export source ${source.name} registered twice`);
  registry.set(source.name, source);
  return source;
}

export const sourceNamed = (name: string): ExportSource | undefined => registry.get(name);
export const allSources = (): readonly ExportSource[] => [...registry.values()];
