// Comments on an item: the visitor's conversation with the org (staff see one per account).
import { useId, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import type { VisitorView } from '~/lib/portal-view'
import { formatDateTime } from '~/lib/format'
import { useHere } from './dialog-parts'

/**
 * The conversation on an open item (spec: comments view): oldest first, outgoing bubbles on the right.
 * The form works without JavaScript; with it, Cmd/Ctrl+Enter sends and Enter alone only adds a line.
 */
export function CommentsView({ comments }: { comments: NonNullable<VisitorView['comments']> }) {
  return (
    <section className="comments" aria-label="Comments">
      <h4>Comments</h4>
      {comments.threads.length === 0 ? <p className="comments__empty">Type below to start a conversation</p> : null}
      {comments.threads.map((thread) => (
        <CommentThread key={thread.accountId ?? 'own'} itemUid={comments.itemUid} thread={thread} />
      ))}
    </section>
  )
}

function CommentThread({ itemUid, thread }: { itemUid: string; thread: NonNullable<VisitorView['comments']>['threads'][number] }) {
  const here = useHere()
  const formRef = useRef<HTMLFormElement>(null)
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'comment'
  const inputId = useId()
  return (
    <div className="comments__thread" role="group" aria-label={thread.accountName ? `Conversation with ${thread.accountName}` : 'Your conversation'}>
      {thread.accountName ? <h5>{thread.accountName}</h5> : null}
      {thread.entries.length ? (
        <ol className="comments__list">
          {thread.entries.map((entry) => (
            <li key={entry.id} className={`comment${entry.outgoing ? ' comment--outgoing' : ''}`}>
              <p className="comment__meta">
                <strong>{entry.authorName}</strong> <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </p>
              <p className="comment__content">{entry.content}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="comments__empty">Type below to start a conversation</p>
      )}
      <Form method="post" action={here} ref={formRef} className="comments__form" preventScrollReset>
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="itemUid" value={itemUid} />
        {thread.accountId ? <input type="hidden" name="accountId" value={thread.accountId} /> : null}
        <label htmlFor={inputId} className="visually-hidden">
          {thread.accountName ? `Reply to ${thread.accountName}` : 'Comment'}
        </label>
        <textarea
          id={inputId}
          name="content"
          rows={2}
          required
          maxLength={5000}
          placeholder="Type here..."
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault()
              if (event.currentTarget.value.trim()) formRef.current?.requestSubmit()
            }
          }}
        />
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          Send
        </button>
      </Form>
    </div>
  )
}
