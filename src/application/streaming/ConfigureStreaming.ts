import { inject, injectable } from 'inversify';
import { DomainError } from '../../domain/DomainError.js';
import type { CapturedEvent } from '../../domain/streaming/classify.js';
import { Subscription } from '../../domain/streaming/Subscription.js';
import { checkPatternSource, type PatternCompiler, type TextPattern } from '../../domain/text/TextPattern.js';
import { TYPES } from '../tokens.js';
import { StreamDispatcher } from './StreamDispatcher.js';

export interface StreamingFilters {
  readonly severity?: string;
  readonly url_pattern?: string;
  readonly exclude_pattern?: string;
  readonly rate_limit?: number;
  readonly overflow?: string;
  readonly slow_ms?: number;
}

export interface ConfigureStreamingInput {
  readonly clientId: string;
  readonly enabled: boolean;
  /** Event types; default `error` and `network_failure`. */
  readonly subscribe?: readonly string[];
  readonly filters?: StreamingFilters;
}

export const DEFAULT_SUBSCRIBE = ['error', 'network_failure'] as const;

/**
 * `configure {action:"streaming"}` (docs/streaming.md): subscribe, re-configure (unseen alerts are kept)
 * or unsubscribe (`enabled:false` drops them).
 * @throws DomainError `invalid_params` or `unsafe_pattern` with the specific problem; nothing changes then.
 */
@injectable()
export class ConfigureStreaming {
  constructor(
    @inject(StreamDispatcher) private readonly dispatcher: StreamDispatcher,
    @inject(TYPES.PatternCompiler) private readonly patterns: PatternCompiler,
  ) {}

  execute(input: ConfigureStreamingInput): { configured: true; streaming_enabled: boolean } {
    if (!input.enabled) {
      if (input.subscribe !== undefined || input.filters !== undefined) {
        throw new DomainError('invalid_params', 'subscribe and filters apply only with enabled:true');
      }
      this.dispatcher.unsubscribe(input.clientId);
      return { configured: true, streaming_enabled: false };
    }
    const f = input.filters ?? {};
    const subscription = new Subscription<CapturedEvent>({
      eventTypes: input.subscribe ?? DEFAULT_SUBSCRIBE,
      ...(f.severity === undefined ? {} : { severity: f.severity }),
      ...(f.url_pattern === undefined ? {} : { urlPattern: this.compile('url_pattern', f.url_pattern) }),
      ...(f.exclude_pattern === undefined ? {} : { excludePattern: this.compile('exclude_pattern', f.exclude_pattern) }),
      ...(f.rate_limit === undefined ? {} : { rateLimit: f.rate_limit }),
      ...(f.overflow === undefined ? {} : { overflow: f.overflow }),
      ...(f.slow_ms === undefined ? {} : { slowMs: f.slow_ms }),
    });
    this.dispatcher.subscribe(input.clientId, subscription);
    return { configured: true, streaming_enabled: true };
  }

  /** @throws DomainError naming the filter, with the engine's reason. */
  private compile(field: string, source: string): TextPattern {
    checkPatternSource(field, source);
    try {
      return this.patterns.compile(source);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw new DomainError(error.code, `${field} rejected: ${error.message}`, { field });
    }
  }
}
