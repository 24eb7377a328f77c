import { beforeEach } from 'vitest';
import { describeOpenPages } from './fixtures';

// A failed test prints what its pages showed: the CI log is all there is to read afterwards.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    console.log(`[e2e] ${task.name} failed; on screen:\n${await describeOpenPages()}`);
  });
});
