/** A status message after a redirect; announced to screen readers. */
export function FlashMessage({ message }: { message: string | null }) {
  return (
    <div role="status" className={message ? 'flash' : 'visually-hidden'}>
      {message}
    </div>
  )
}
