import { beforeEach } from 'vitest';
import { reportFailure } from './fixtures';

// A failed test prints what its pages showed: the CI log is all there is to read afterwards.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => reportFailure(task.name));
});
