export function ErrorView({ title, message, status, details }: { title: string; message?: string; status?: number; details?: readonly string[] }) {
  return (
    <main className="error-view" aria-labelledby="error-title">
      {status ? <p className="error-view__status">{status}</p> : null}
      <h1 id="error-title">{title}</h1>
      {message ? <p>{message}</p> : null}
      {details?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>
        <a href="/" className="button button--secondary">
          Back to the home page
        </a>
      </p>
    </main>
  )
}
