import type { LookupFlag, LookupFlags, LookupKind } from './kinds.ts';

/** One master-data row as readers see it (rm.lookups). */
export interface LookupRow {
  id: number;
  nameAr: string;
  nameEn: string;
  parentId: number | null;
  flags: LookupFlags;
  active: boolean;
}

/**
 * The master data at one moment, in display order: what deciders and routes are given instead of constants. Built by
 * the server's cache from the read model, or by the web from GET /api/lookups.
 */
export class LookupSnapshot {
  private readonly byKind: Map<LookupKind, readonly LookupRow[]>;
  private readonly index = new Map<string, LookupRow>();

  constructor(rows: Partial<Record<LookupKind, readonly LookupRow[]>>) {
    this.byKind = new Map(Object.entries(rows) as [LookupKind, readonly LookupRow[]][]);
    for (const [kind, list] of this.byKind) for (const r of list) this.index.set(`${kind}:${r.id}`, r);
  }

  /** The kind's rows in display order; the active ones only unless asked. */
  list(kind: LookupKind, opts: { includeInactive?: boolean } = {}): readonly LookupRow[] {
    const all = this.byKind.get(kind) ?? [];
    return opts.includeInactive ? all : all.filter((r) => r.active);
  }

  get(kind: LookupKind, id: number): LookupRow | undefined {
    return this.index.get(`${kind}:${id}`);
  }

  hasFlag(kind: LookupKind, id: number | undefined, flag: LookupFlag): boolean {
    return id !== undefined && this.get(kind, id)?.flags[flag] === true;
  }
}
