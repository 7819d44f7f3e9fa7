import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { KeyValueStorePort } from '../../../application/ports/KeyValueStorePort.js';
import type { SettingsStorePort } from '../../../application/ports/SettingsStorePort.js';
import type { NoiseRule } from '../../../domain/capture/NoiseRules.js';
import type { RecordingSettings } from '../../../domain/wire/recording.js';
import { checkStoreKey } from '../../../domain/state/storeRules.js';
import { atomicWrite } from './atomicWrite.js';
import { onStateDir } from './storageUnavailable.js';

const SUFFIX = '.json';

/**
 * State as files under the state directory: `store/<key>.json` for the agent's values,
 * `noise.json` for noise rules, `recording.json` for what is recorded. Writes are atomic; keys are checked again here so no path
 * can leave `store/`. A full, read-only or forbidden disk is the DomainError
 * `storage_unavailable` (naming the cause and the directory), never an internal error.
 */
export class FileStateStore implements KeyValueStorePort, SettingsStorePort {
  private readonly storeDir: string;

  constructor(private readonly stateDir: string) {
    this.storeDir = join(stateDir, 'store');
  }

  async save(key: string, json: string): Promise<void> {
    checkStoreKey(key);
    await onStateDir(this.stateDir, `store '${key}'`, async () => {
      await mkdir(this.storeDir, { recursive: true, mode: 0o700 });
      await atomicWrite(join(this.storeDir, `${key}${SUFFIX}`), json);
    });
  }

  async load(key: string): Promise<string | undefined> {
    checkStoreKey(key);
    return onStateDir(this.stateDir, `load '${key}'`, () => readIfExists(join(this.storeDir, `${key}${SUFFIX}`)));
  }

  async remove(key: string): Promise<boolean> {
    checkStoreKey(key);
    return onStateDir(this.stateDir, `delete '${key}'`, async () => {
      try {
        await unlink(join(this.storeDir, `${key}${SUFFIX}`));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    });
  }

  async keys(): Promise<string[]> {
    const names = await onStateDir(this.stateDir, 'list the stored keys', async () => {
      try {
        return await readdir(this.storeDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    });
    return names
      .filter((name) => name.endsWith(SUFFIX))
      .map((name) => name.slice(0, -SUFFIX.length))
      .sort();
  }

  async loadNoiseRules(): Promise<NoiseRule[]> {
    const text = await onStateDir(this.stateDir, 'read the noise rules', () =>
      readIfExists(join(this.stateDir, 'noise.json'), readAtStart),
    );
    if (text === undefined) return [];
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as NoiseRule[]) : [];
  }

  async saveNoiseRules(rules: readonly NoiseRule[]): Promise<void> {
    await onStateDir(this.stateDir, 'save the noise rules', async () => {
      await mkdir(this.stateDir, { recursive: true, mode: 0o700 });
      await atomicWrite(join(this.stateDir, 'noise.json'), JSON.stringify(rules, null, 2));
    });
  }

  async loadRecording(): Promise<Partial<RecordingSettings> | undefined> {
    const text = await onStateDir(this.stateDir, 'read the recording settings', () =>
      readIfExists(join(this.stateDir, 'recording.json'), readAtStart),
    );
    if (text === undefined) return undefined;
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { actions, values } = parsed as Record<string, unknown>;
    return {
      ...(typeof actions === 'boolean' ? { actions } : {}),
      ...(typeof values === 'boolean' ? { values } : {}),
    };
  }

  async saveRecording(settings: RecordingSettings): Promise<void> {
    await onStateDir(this.stateDir, 'save the recording settings', async () => {
      await mkdir(this.stateDir, { recursive: true, mode: 0o700 });
      await atomicWrite(
        join(this.stateDir, 'recording.json'),
        JSON.stringify({ actions: settings.actions, values: settings.values }, null, 2),
      );
    });
  }
}

/**
 * A file's text, or undefined when there is none. The noise rules and recording settings are read
 * with `readAtStart`: synchronous, as they are read once, at the daemon's start and before it
 * listens, where each trip through the thread pool (≈ 0.5 ms, an absent file's included) was time
 * a client's first call waited for (docs/install.md).
 */
async function readIfExists(
  path: string,
  read: (path: string) => string | Promise<string> = (file) => readFile(file, 'utf8'),
): Promise<string | undefined> {
  try {
    return await read(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const readAtStart = (path: string): string => readFileSync(path, 'utf8');
