import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestTable } from './slowest.ts';

/** Playwright's reporter beside the list: the slowest tests of the run (retries each on their own), once it ends. */
export default class SlowestTests implements Reporter {
  private readonly tests: { name: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name;
    this.tests.push({
      name: `${project ? `[${project}] ` : ''}${test.location.file.replace(`${process.cwd()}/`, '')} › ${test.title}${result.retry ? ` (retry ${result.retry})` : ''}`,
      ms: result.duration,
    });
  }

  onEnd(): void {
    if (this.tests.length > 0) console.log(slowestTable('Playwright', this.tests));
  }

  printsToStdio(): boolean {
    return false;
  }
}
