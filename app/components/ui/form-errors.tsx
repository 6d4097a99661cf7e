import type { SubmissionResult } from '@conform-to/react'

/** Every message of a form answer, for a page that shows them together (FormErrors). */
export const submissionErrors = (result?: SubmissionResult<string[]>) => (result?.error ? Object.values(result.error).flatMap((messages) => messages ?? []) : undefined)

/** A form's own errors (not tied to one field), announced when they appear. */
export function FormErrors({ errors, id }: { errors?: string[] | null; id?: string }) {
  return errors?.length ? (
    <p className="form__error" role="alert" id={id}>
      {errors.join(' ')}
    </p>
  ) : null
}

/** One field's errors; the field points at them with aria-describedby (Conform's errorId). */
export function FieldErrors({ errors, id }: { errors?: string[] | null; id?: string }) {
  return errors?.length ? (
    <p className="field__error" id={id}>
      {errors.join(' ')}
    </p>
  ) : null
}
