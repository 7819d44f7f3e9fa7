import { registerDecorator, type ValidationOptions } from 'class-validator';

/** A plain object whose every value is a string (HTTP headers). */
export function IsStringRecord(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isStringRecord',
      target: target.constructor,
      propertyName: propertyName as string,
      ...(options === undefined ? {} : { options }),
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.values(value as Record<string, unknown>).every((v) => typeof v === 'string'),
        defaultMessage: (args) => `${args?.property ?? 'value'} must be an object of string values`,
      },
    });
  };
}
