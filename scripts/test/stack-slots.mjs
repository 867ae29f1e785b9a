// At most AURA_TEST_STACKS (default 2) test runs that need services (service, e2e, browser tiers) at
// a time on one machine: a third waits. Several work trees or engineers testing at once on a small
// machine otherwise starve each other until every stack times out. A slot is a file holding the
// owner's pid; a slot whose owner died is free again. Waiting runs are served in arrival order.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** True when no live run has been waiting longer than `ticket` (first come, first served). */
function firstInLine(dir, ticket) {
  for (const name of readdirSync(dir)) {
    const match = /^wait-(\d+)-(\d+)$/.exec(name);
    if (!match || name === ticket) continue;
    if (!alive(Number(match[2]))) rmSync(join(dir, name), { force: true });
    else if (name < ticket) return false;
  }
  return true;
}

/** Waits for a free slot, in arrival order; answers the function that gives it back (also on exit). */
export async function takeStackSlot(dir, count, log = console.log) {
  mkdirSync(dir, { recursive: true });
  const ticket = `wait-${String(Date.now()).padStart(15, '0')}-${process.pid}`;
  writeFileSync(join(dir, ticket), '');
  const leaveLine = () => rmSync(join(dir, ticket), { force: true });
  process.once('exit', leaveLine);
  let waitingSaid = false;
  for (;;) {
    for (let index = 0; index < count && firstInLine(dir, ticket); index += 1) {
      const file = join(dir, `stack-${index}.lock`);
      if (tryTake(file)) {
        leaveLine();
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

/**
 * Waits until this run is first in line and every one of the `count` slots is free, then takes them
 * all (a benchmark that must not share the machine with a test stack); answers the function that gives
 * them back (also on exit). While it waits first in line, freed slots stay free for it.
 */
export async function takeAllStackSlots(dir, count, log = console.log) {
  mkdirSync(dir, { recursive: true });
  const ticket = `wait-${String(Date.now()).padStart(15, '0')}-${process.pid}`;
  writeFileSync(join(dir, ticket), '');
  const leaveLine = () => rmSync(join(dir, ticket), { force: true });
  process.once('exit', leaveLine);
  let waitingSaid = false;
  for (;;) {
    if (firstInLine(dir, ticket)) {
      const taken = [];
      for (let index = 0; index < count; index += 1) {
        const file = join(dir, `stack-${index}.lock`);
        if (!tryTake(file)) break;
        taken.push(file);
      }
      if (taken.length === count) {
        leaveLine();
        const release = () => taken.forEach((file) => rmSync(file, { force: true }));
        process.once('exit', release);
        return release;
      }
      taken.forEach((file) => rmSync(file, { force: true }));
    }
    if (!waitingSaid) {
      log(
        'waiting: test stacks are running on this machine (AURA_TEST_STACKS); taking every slot after them',
      );
      waitingSaid = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
