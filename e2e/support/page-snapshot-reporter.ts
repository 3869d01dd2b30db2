import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints what the page showed when a journey failed: the accessibility snapshot that
 * Playwright writes into the failure's error context. CI keeps only the log, not the
 * screenshots or the context files, and a journey's failure is rarely understood from its
 * last step alone (the offline journey's 'No Active Project' was what told that story).
 */
export default class PageSnapshotReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context' || !attachment.path) continue;
      const snapshots = snapshotsOf(readFileSync(attachment.path, 'utf8'));
      if (snapshots.length === 0) continue;
      console.log(`\nWhat the page showed when “${test.title}” failed:\n${snapshots.join('\n')}\n`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}

/**
 * The YAML blocks of an error context: the page's snapshot, or the snapshot an assertion
 * took of what it was looking at.
 */
function snapshotsOf(context: string): string[] {
  return [...context.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) =>
    (match[1] ?? '').trimEnd(),
  );
}
