import { data } from 'react-router'

/** A form post's fields; a body that is not a readable form is the sender's mistake (400), not ours. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data('This form could not be read. Send it as application/x-www-form-urlencoded or multipart/form-data.', { status: 400 })
  }
}
