import type { ResultReport } from '../../../../domain/command/trackerTypes.js';
import { isFailureCode } from '../../../../domain/command/Failure.js';
import type { QueryResultDto } from './QueryResultDto.js';

/**
 * `POST /query-result` as the application takes it. A failure is `error` (the stable code) and
 * `message` (the sentence). An extension from before that shape posted the sentence in `error`
 * and the code in `result.error.code`: its report is read the same way (code, sentence, and the
 * stack as the only detail), so a daemon update never shows an agent the old shape.
 */
export function reportOf(body: QueryResultDto): ResultReport {
  const base = {
    correlationId: body.correlation_id,
    status: body.status,
    ...(body.tab_id === undefined ? {} : { tabId: body.tab_id }),
    ...(body.boot_id === undefined ? {} : { bootId: body.boot_id }),
  };
  const failed = body.status === 'error' || body.status === 'timeout';
  if (!failed || body.message !== undefined || body.error === undefined || isFailureCode(body.error)) {
    return {
      ...base,
      ...(body.result === undefined ? {} : { result: body.result }),
      ...(body.error === undefined ? {} : { error: body.error }),
      ...(body.message === undefined ? {} : { message: body.message }),
    };
  }
  const old = (body.result as { error?: { code?: unknown; stack?: unknown } } | undefined)?.error;
  const code = typeof old?.code === 'string' ? old.code : undefined;
  const sentence = body.error.split('\n    at ')[0] as string;
  return {
    ...base,
    ...(code === undefined ? {} : { error: code }),
    message: sentence,
    ...(typeof old?.stack === 'string' ? { result: { stack: framesOf(old.stack) } } : {}),
  };
}

/** The "at …" lines of a stack (its first line repeats the message). */
function framesOf(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => /^\s*at /.test(line))
    .join('\n');
}
