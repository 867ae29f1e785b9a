import { UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    if (error.value === undefined || error.value === null) return `${error.property} is required`;
    const constraints = Object.values(error.constraints ?? {});
    if (constraints.length > 0) return constraints[0];
    const nested = firstMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'Request body is invalid';
}

/** Malformed input (missing field, wrong type, unknown shape) is a 422 with a readable detail. */
export const apiValidationPipe = new ValidationPipe({
  whitelist: true,
  transform: true,
  exceptionFactory: (errors) => new UnprocessableEntityException({ detail: firstMessage(errors) }),
});
