import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FERRETDB_PATCHES, patchFerretDbSource } from '../database-engine';

/** A source tree holding exactly the code each patch changes (what FerretDB 1.24.2 has). */
function fakeSource(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulso-ferretdb-src-'));
  const files = new Map<string, string>();
  for (const patch of FERRETDB_PATCHES)
    files.set(patch.file, `${files.get(patch.file) ?? ''}\n// before\n${patch.from}\n// after\n`);
  for (const [file, text] of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe("Pulso's patches to FerretDB's source", () => {
  test('when the source has the code each patch expects, then every one is applied once and the rest is kept', () => {
    const dir = fakeSource();
    try {
      patchFerretDbSource(dir);
      for (const patch of FERRETDB_PATCHES) {
        const text = readFileSync(path.join(dir, patch.file), 'utf8');
        expect(text.split(patch.to)).toHaveLength(2);
        expect(text).toContain('// before');
      }
      // The leak tracking runs only in debug builds; `$in` goes to the index; `_id` uses the index's expression.
      const resource = readFileSync(path.join(dir, 'internal/util/resource/resource.go'), 'utf8');
      expect(resource.match(/if !debugbuild\.Enabled \{\n\t\treturn\n\t\}/g)).toHaveLength(2);
      expect(readFileSync(path.join(dir, 'internal/backends/sqlite/collection.go'), 'utf8')).toContain(
        'func idInClause(d *types.Document) (string, []any)',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('when the source is not the expected one, then building stops with the file named', () => {
    const dir = fakeSource();
    try {
      const { file } = FERRETDB_PATCHES[0] as { file: string };
      writeFileSync(path.join(dir, file), '// another version\n');
      expect(() => patchFerretDbSource(dir)).toThrow(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
