import { z } from 'zod';
import { type Arg, type ArgSpec, LOADABLE_URL } from '../../../../domain/browserActions/args.js';
import type { BrowserAction } from '../../../../domain/browserActions/BrowserAction.js';
import { COMMAND_ARGS } from '../../../../domain/browserActions/commandArgs.js';
import { recordOf } from '../args.js';

/**
 * The action table's argument descriptors as zod schemas, built once per action: `interact`
 * validates each call with its action's schema (the common arguments first, an action's own of
 * the same name in its place).
 */
export function actionSchema(action: BrowserAction): z.ZodObject {
  const own = Object.fromEntries(
    Object.entries(action.args)
      .filter(([, spec]) => spec.replayOnly !== true)
      .map(([name, spec]) => [name, field(spec)]),
  );
  const common = Object.fromEntries(Object.entries(COMMAND_ARGS).map(([name, spec]) => [name, field(spec)]));
  return z.object({ ...common, ...own });
}

function field(spec: ArgSpec): z.ZodType {
  const schema = zodOf(spec.arg);
  return spec.required ? schema : schema.optional();
}

function zodOf(arg: Arg): z.ZodType {
  switch (arg.kind) {
    case 'string': {
      let text = z.string();
      if (arg.min !== undefined) text = text.min(arg.min);
      if (arg.max !== undefined) text = text.max(arg.max);
      if (arg.pattern !== undefined) text = text.regex(arg.pattern.regex, arg.pattern.message);
      return text;
    }
    case 'url':
      return z
        .string()
        .max(arg.max)
        .refine((value) => LOADABLE_URL.test(value) && URL.canParse(value), {
          message: 'must be an http(s), file or about: url',
        });
    case 'integer': {
      let number = z.number().int();
      if (arg.min !== undefined) number = number.min(arg.min);
      if (arg.max !== undefined) number = number.max(arg.max);
      return number;
    }
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(arg.values as [string, ...string[]]);
    case 'list':
      return z.array(zodOf(arg.of)).min(arg.min).max(arg.max);
    case 'files':
      return files(arg);
    case 'values': {
      const key = zodOf(arg.key) as z.ZodString;
      return recordOf(key, z.string().max(arg.maxText), 'an action id').refine(
        (values) => Object.keys(values).length <= arg.maxEntries,
        { message: `at most ${arg.maxEntries} values` },
      );
    }
    case 'moves':
      return z
        .array(z.tuple([z.number(), z.number()]))
        .min(arg.min)
        .max(arg.max);
  }
}

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

/** `upload`'s files: all of them at most `maxBytes` once decoded. */
function files(arg: Extract<Arg, { kind: 'files' }>): z.ZodType {
  const over = `the files are over ${arg.maxBytes} bytes in all`;
  return z
    .array(
      z.object({
        name: z.string().min(1).max(arg.maxName),
        mime_type: z.string().max(arg.maxType).optional(),
        content_base64: base64.max(Math.ceil(arg.maxBytes / 3) * 4, over),
      }),
    )
    .min(1)
    .max(arg.maxFiles)
    .refine((list) => list.reduce((sum, file) => sum + decodedBytes(file.content_base64), 0) <= arg.maxBytes, {
      message: over,
    });
}

/** How many bytes base64 text decodes to: its `=` padding carries none (padded or not). */
function decodedBytes(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor(((text.length - padding) * 3) / 4);
}
