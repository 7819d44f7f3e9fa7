import { inject, injectable } from 'inversify';
import type { NoiseCategory, NoiseRule, NoiseRules } from '../../domain/capture/NoiseRules.js';
import { DomainError } from '../../domain/DomainError.js';
import type { SettingsStorePort } from '../ports/SettingsStorePort.js';
import { TYPES } from '../tokens.js';

export interface ManageNoiseInput {
  readonly op: string;
  readonly pattern?: string;
  readonly category?: string;
}

export interface NoisePayload {
  readonly rules: readonly NoiseRule[];
  readonly count: number;
  readonly added?: boolean;
  readonly removed?: boolean;
}

/**
 * `configure noise {op: add|remove|list, pattern, category}`: rules that drop matching entries
 * at ingest; saved so they survive restarts. `category` defaults to `all`.
 * @throws DomainError `invalid_params`, `unsafe_pattern`, `too_many_rules`.
 */
@injectable()
export class ManageNoise {
  constructor(
    @inject(TYPES.NoiseRules) private readonly noise: NoiseRules,
    @inject(TYPES.SettingsStorePort) private readonly settings: SettingsStorePort,
  ) {}

  async execute(input: ManageNoiseInput): Promise<NoisePayload> {
    if (input.op === 'list') return this.payload({});
    if (input.op !== 'add' && input.op !== 'remove') {
      throw new DomainError('invalid_params', `op must be add, remove or list; got '${input.op}'`);
    }
    if (input.pattern === undefined || input.pattern === '') {
      throw new DomainError('invalid_params', `op ${input.op} needs a pattern (a regular expression)`);
    }
    const rule = { pattern: input.pattern, category: (input.category ?? 'all') as NoiseCategory };
    if (input.op === 'add') {
      const added = this.noise.add(rule);
      if (added) await this.persistOr(() => this.noise.remove(rule));
      return this.payload({ added });
    }
    const removed = this.noise.remove(rule);
    if (removed) await this.persistOr(() => this.noise.add(rule));
    return this.payload({ removed });
  }

  /** Saves the rules; if that fails, undoes the change so memory and disk agree. */
  private async persistOr(undo: () => unknown): Promise<void> {
    try {
      await this.settings.saveNoiseRules(this.noise.list());
    } catch (error) {
      undo();
      throw error;
    }
  }

  private payload(extra: { added?: boolean; removed?: boolean }): NoisePayload {
    const rules = this.noise.list();
    return { rules, count: rules.length, ...extra };
  }
}
