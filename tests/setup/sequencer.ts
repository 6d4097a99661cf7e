// The order vitest hands test files to its workers: shuffled by the run's seed (printed at the start, replayed
// with --sequence.seed=<n> or TEST_SEED=<n>), then the files known to take longest moved to the front, in
// that shuffled order. Each worker takes the next file when it is free, so a long file drawn last would run
// alone on one core at the end of the run while the other core has nothing left to do.
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Files that each take a large share of the integration run (each summed over its tests, on 2 busy cores:
 * tens of seconds to minutes), by name. The rest are seconds each and fill in behind them.
 */
export const LONG_FILES = ['access-matrix.test.ts', 'update-fanout.test.ts', 'search-access.test.ts', 'upload-inspection.test.ts', 'graceful-stop.test.ts']

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const shuffled = shuffle(files, this.ctx.config.sequence.seed)
    const long = (file: TestSpecification) => LONG_FILES.includes(path.basename(file.moduleId))
    return [...shuffled.filter(long), ...shuffled.filter((file) => !long(file))]
  }
}

/** Fisher-Yates with a small seeded generator (mulberry32): the same seed gives the same order. */
function shuffle<T>(items: readonly T[], seed: number) {
  const result = [...items]
  let state = seed >>> 0
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  for (let index = result.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    ;[result[index], result[other]] = [result[other], result[index]]
  }
  return result
}
