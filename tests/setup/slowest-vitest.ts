import type { Reporter, TestCase } from 'vitest/node';
import { slowestTable } from './slowest.ts';

/** Vitest's reporter beside the default one: the slowest tests of the run, once it ends. */
export default class SlowestTests implements Reporter {
  private readonly tests: { name: string; ms: number }[] = [];

  onTestCaseResult(test: TestCase): void {
    const ms = test.diagnostic()?.duration;
    if (ms === undefined) return;
    const project = test.project.name ? `[${test.project.name}] ` : '';
    this.tests.push({
      name: `${project}${test.module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}`,
      ms,
    });
  }

  onTestRunEnd(): void {
    if (this.tests.length > 0) console.log(slowestTable('Vitest', this.tests));
  }
}
