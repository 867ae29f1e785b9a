// At most AURA_TEST_STACKS (default 2) test runs that need services (service, e2e, browser tiers) at
// a time on one machine: a third waits. Several work trees or engineers testing at once on a small
// machine otherwise starve each other until every stack times out. A slot is a file holding the
// owner's pid; a slot whose owner died is free again.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function tryTake(file) {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (owner && alive(owner)) return false;
    rmSync(file, { force: true });
    return false;
  }
}

/** Waits for a free slot; answers the function that gives it back (also called on exit). */
export async function takeStackSlot(dir, count, log = console.log) {
  mkdirSync(dir, { recursive: true });
  let waitingSaid = false;
  for (;;) {
    for (let index = 0; index < count; index += 1) {
      const file = join(dir, `stack-${index}.lock`);
      if (tryTake(file)) {
        const release = () => rmSync(file, { force: true });
        process.once('exit', release);
        return release;
      }
    }
    if (!waitingSaid) {
      log(`waiting: ${count} other test stacks are running on this machine (AURA_TEST_STACKS)`);
      waitingSaid = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
