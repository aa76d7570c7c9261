/**
 * A secret setting (a merchant key, an APIv3 key, a tracking key): from `<NAME>_FILE` (a file the environment names,
 * trimmed) or else `<NAME>` itself. Never logged; a file that cannot be read stops the start with its path only.
 */
import fs from 'node:fs';

export function secretFrom(env: Record<string, string | undefined>, name: string): string | undefined {
  const file = env[`${name}_FILE`];
  if (file) {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch {
      throw new Error(`${name}_FILE names a file that cannot be read: ${file}`);
    }
  }
  return env[name] || undefined;
}
