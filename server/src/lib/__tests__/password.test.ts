import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import bcrypt from 'bcryptjs';
import { HASHING_NICE, PasswordHasher } from '../password';

describe('PasswordHasher', () => {
  const hashers: PasswordHasher[] = [];
  const make = (workers: number) => {
    const hasher = new PasswordHasher(4, workers);
    hashers.push(hasher);
    return hasher;
  };
  afterAll(() => Promise.all(hashers.map((h) => h.close())));

  test('when hashing through worker threads, then the main thread does no bcrypt work and the hash verifies', async () => {
    const hash = jest.spyOn(bcrypt, 'hash');
    const compare = jest.spyOn(bcrypt, 'compare');
    try {
      const hasher = make(2);
      const hashed = await hasher.hash('Secreta123');
      expect(hashed).toMatch(/^\$2[aby]\$04\$/);
      await expect(hasher.verify('Secreta123', hashed)).resolves.toBe(true);
      await expect(hasher.verify('Otra1234', hashed)).resolves.toBe(false);
      expect(hash).not.toHaveBeenCalled();
      expect(compare).not.toHaveBeenCalled();
      // What the workers write, the plain library reads.
      expect(bcrypt.compareSync('Secreta123', hashed)).toBe(true);
    } finally {
      hash.mockRestore();
      compare.mockRestore();
    }
  });

  test('when more jobs than workers arrive at once, then every one is answered correctly', async () => {
    const hasher = make(1);
    const passwords = Array.from({ length: 12 }, (_, i) => `Clave${i}abc`);
    const hashes = await Promise.all(passwords.map((p) => hasher.hash(p)));
    const checks = await Promise.all(passwords.map((p, i) => hasher.verify(p, hashes[(i + 1) % hashes.length] ?? '')));
    expect(checks.every((ok) => ok === false)).toBe(true);
    const own = await Promise.all(passwords.map((p, i) => hasher.verify(p, hashes[i] ?? '')));
    expect(own.every(Boolean)).toBe(true);
  });

  test('when a worker is stopped with jobs waiting, then the jobs still finish', async () => {
    const hasher = make(1);
    const first = await hasher.hash('Primera1');
    await hasher.close();
    await expect(hasher.verify('Primera1', first)).resolves.toBe(true);
  });

  test('when the workers are idle, then they do not keep the process alive, and while hashing they do', async () => {
    // What keeps Node's event loop alive, by kind: a referenced worker shows as a MessagePort.
    const ports = () => process.getActiveResourcesInfo().filter((kind) => kind === 'MessagePort').length;
    const before = ports();
    const hasher = make(2);
    const pending = Promise.all([hasher.hash('Activa123'), hasher.hash('Activa456')]);
    expect(ports()).toBe(before + 2);
    await pending;
    expect(ports()).toBe(before);
    await hasher.verify('Activa123', (await pending)[0]);
    expect(ports()).toBe(before);
  });

  test('when set to no workers, then it hashes in-thread', async () => {
    const hasher = make(0);
    const hashed = await hasher.hash('EnHilo123');
    await expect(hasher.verify('EnHilo123', hashed)).resolves.toBe(true);
  });

  test('when the stored hash is malformed, then verifying answers false instead of failing', async () => {
    const hasher = make(1);
    await expect(hasher.verify('x', 'not-a-hash')).resolves.toBe(false);
  });

  test('when the workers hash, then they run below the threads that answer requests, and the main thread keeps its priority', async () => {
    // Linux reports each thread's nice value in /proc (field 19 of its stat line).
    const niceOf = () =>
      readdirSync('/proc/self/task').map((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return { tid: Number(tid), nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
      });
    const hasher = make(2);
    await Promise.all([hasher.hash('Secreta123'), hasher.hash('Secreta456')]);
    const threads = niceOf();
    const own = os.getPriority();
    expect(threads.find((t) => t.tid === process.pid)?.nice).toBe(own);
    expect(threads.filter((t) => t.nice === Math.max(HASHING_NICE, own)).length).toBeGreaterThanOrEqual(2);
  });
});
