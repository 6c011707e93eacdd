import { INACTIVE_ORGS_NAME } from '../../shared/constants.js';
import type { OrgState } from '../../dataProvider/session.js';

export interface OrgNode {
  id: string;
  label: string;
  org: OrgState;
  children: OrgNode[];
}

/**
 * The org list as a tree, names sorted. Hidden orgs and the "INACTIVE ORGS" folder (with everything under it)
 * are left out unless asked for; a search keeps matching orgs with their ancestors.
 */
export function buildOrgTree(orgs: readonly OrgState[], { includeHidden = false, search = '' } = {}): OrgNode[] {
  const visible = orgs.filter((o) => includeHidden || (!o.Hidden && o.Name !== INACTIVE_ORGS_NAME));
  const byId = new Map(visible.map((o) => [o.Id, { id: String(o.Id), label: o.Code ? `${o.Name} (${o.Code})` : o.Name, org: o, children: [] as OrgNode[] }]));
  const roots: OrgNode[] = [];
  for (const node of byId.values()) {
    const parent = node.org.ParentOrg_Id !== null ? byId.get(node.org.ParentOrg_Id) : undefined;
    if (parent) parent.children.push(node);
    else if (node.org.ParentOrg_Id === null || !orgs.some((o) => o.Id === node.org.ParentOrg_Id)) roots.push(node);
  }
  const sort = (nodes: OrgNode[]) => {
    nodes.sort((a, b) => a.org.Name.localeCompare(b.org.Name));
    nodes.forEach((n) => sort(n.children));
    return nodes;
  };
  const term = search.trim().toLowerCase();
  const prune = (nodes: OrgNode[]): OrgNode[] =>
    nodes
      .map((n) => ({ ...n, children: prune(n.children) }))
      .filter((n) => n.label.toLowerCase().includes(term) || n.children.length > 0);
  return term ? prune(sort(roots)) : sort(roots);
}

/** Ids of every node in the trees (to expand all). */
export function allNodeIds(nodes: readonly OrgNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...allNodeIds(n.children)]);
}

/** The ids of an org's ancestors, its parent first (those within the list). */
export function ancestorIds(orgs: readonly OrgState[], id: number): number[] {
  const byId = new Map(orgs.map((o) => [o.Id, o]));
  const out: number[] = [];
  let parent = byId.get(id)?.ParentOrg_Id ?? null;
  while (parent !== null && !out.includes(parent)) {
    out.push(parent);
    parent = byId.get(parent)?.ParentOrg_Id ?? null;
  }
  return out;
}

/** Whether `id` is the org `ancestor` or one of the orgs below it (a move there would make a cycle). */
export function isSameOrBelow(orgs: readonly OrgState[], id: number, ancestor: number): boolean {
  return id === ancestor || ancestorIds(orgs, id).includes(ancestor);
}

/** Whether `id` is one of the orgs below `ancestor` (not the org itself). */
export function isBelow(orgs: readonly OrgState[], id: number, ancestor: number): boolean {
  return id !== ancestor && ancestorIds(orgs, id).includes(ancestor);
}

/** How many orgs move when `id` moves: the org and every org below it (hidden ones too), within the list. */
export function subtreeSize(orgs: readonly OrgState[], id: number): number {
  return orgs.filter((o) => isSameOrBelow(orgs, o.Id, id)).length;
}
