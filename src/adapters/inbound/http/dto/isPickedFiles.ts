import { registerDecorator, type ValidationOptions } from 'class-validator';

/** The bounds of `POST /actions` fields (characters, items, pixels). */
export const ACTION_LIMITS = Object.freeze({
  url: 16_384,
  /** A locator or selector: longer ones are not what a test would write. */
  locator: 2_048,
  role: 64,
  /** An accessible name, a value, a file name. */
  text: 1_024,
  valueName: 256,
  key: 64,
  /** Chosen values of one `select multiple`, files of one pick. */
  values: 100,
  files: 100,
  nth: 100_000,
  scroll: 2 ** 31,
  /** Points of a pointer drag's path, and how far one may be from the press (px). */
  moves: 64,
  move: 100_000,
});

/** `moves` of a pointer drag: 1 to 64 points `[dx, dy]`, each a finite number within ±100 000 px. */
export function IsDragMoves(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isDragMoves',
      target: target.constructor,
      propertyName: propertyName as string,
      ...(options === undefined ? {} : { options }),
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) && value.length >= 1 && value.length <= ACTION_LIMITS.moves && value.every(isMove),
        defaultMessage: (args) =>
          `${args?.property ?? 'moves'} must be 1 to ${ACTION_LIMITS.moves} points [dx, dy] of finite numbers within ±${ACTION_LIMITS.move}`,
      },
    });
  };
}

function isMove(point: unknown): boolean {
  return (
    Array.isArray(point) &&
    point.length === 2 &&
    point.every((n) => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= ACTION_LIMITS.move)
  );
}

/** `files` of an upload action: at most 100 of `{name, size, type?}` with bounded texts and a non-negative integer size. */
export function IsPickedFiles(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isPickedFiles',
      target: target.constructor,
      propertyName: propertyName as string,
      ...(options === undefined ? {} : { options }),
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.length <= ACTION_LIMITS.files && value.every(isPickedFile),
        defaultMessage: (args) =>
          `${args?.property ?? 'files'} must be at most ${ACTION_LIMITS.files} of {name, size, type?} (name ≤ ${ACTION_LIMITS.text} characters, size a non-negative integer)`,
      },
    });
  };
}

function isPickedFile(file: unknown): boolean {
  if (typeof file !== 'object' || file === null || Array.isArray(file)) return false;
  const { name, size, type } = file as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    name.length <= ACTION_LIMITS.text &&
    Number.isSafeInteger(size) &&
    (size as number) >= 0 &&
    (type === undefined || (typeof type === 'string' && type.length <= ACTION_LIMITS.role * 4))
  );
}
