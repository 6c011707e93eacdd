import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest on a 2-CPU machine (a minute or more on a database: real servers started and
 * stopped, backups restored, thousands of hostile requests), longest first, as CI's runs measured them.
 */
export const SLOWEST_FILES = ['shutdown', 'hostileInput', 'operations', 'crash', 'backupRestore', 'multiInstance', 'routeAccess'];

const rankOf = (spec: TestSpecification) => {
  const rank = SLOWEST_FILES.indexOf(path.basename(spec.moduleId).replace(/\.test\.tsx?$/, ''));
  return rank === -1 ? SLOWEST_FILES.length : rank;
};

/**
 * Vitest's order (a file that failed last time first, then the longest by its cache), with the slowest files started
 * first on a fresh clone, which has no cache: there Vitest orders files by size, and a short file that runs long —
 * the shutdown test starts six servers — ran last, on one worker while the other had nothing left to do.
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, order) => ({ spec, order, rank: rankOf(spec) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
