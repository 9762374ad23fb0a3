import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Each test file's duration in seconds, as a clean CI run measured it (scripts/test-durations.mjs). */
const durations = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../durations.json'), 'utf8')) as Record<string, number>;
/** A file not measured yet: as long as a middling one. */
const UNKNOWN_SECONDS = 10;

/**
 * Vitest's order (projects one after the other, a failed file first when it knows), then within a
 * project the longest files first by the durations CI measured: the short ones fill the end of
 * the run, where a long one would run alone.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const order = await super.sort(files);
    const seconds = (f: TestSpecification) => durations[path.relative(process.cwd(), f.moduleId)] ?? UNKNOWN_SECONDS;
    const rank = new Map(order.map((f, i) => [f, i]));
    return [...order].sort((a, b) =>
      a.project.name !== b.project.name ? rank.get(a)! - rank.get(b)! : seconds(b) - seconds(a) || rank.get(a)! - rank.get(b)!,
    );
  }
}
