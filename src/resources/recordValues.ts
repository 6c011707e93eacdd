import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';

/**
 * What a sub-resource takes from its parent record: the parent's key — the parent's own value of `parent.field`
 * when it has one (a grouped row stands for its group: an org case type's GroupKey, not its newest range's Id) —
 * and the fields `parent.with` names.
 */
export function parentValuesOf(declaration: ResourceDeclaration, parent: ApiRecord): ApiRecord {
  const link = declaration.parent;
  if (!link) return {};
  const own = parent[link.field];
  return { [link.field]: own !== undefined && own !== null ? own : parent.id, ...Object.fromEntries((link.with ?? []).map((field) => [field, parent[field]])) };
}

/** The values a new record starts with: the schema's defaults and, for a sub-resource, what it takes from its parent. */
export function newRecordOf(declaration: ResourceDeclaration, parent?: ApiRecord): ApiRecord {
  const defaults = Object.fromEntries(
    Object.entries(declaration.schema.properties)
      .filter(([, p]) => p.default !== undefined)
      .map(([k, p]) => [k, p.default]),
  );
  return { ...defaults, ...(parent ? parentValuesOf(declaration, parent) : {}) };
}
