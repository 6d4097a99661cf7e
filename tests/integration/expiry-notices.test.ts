import { expect, it } from 'vitest'
import { describeEachDatabase } from '../setup/database'
import { createOrg } from '../setup/factories'
import { queueExpiryNotices } from '../../server/visitors/expiry-notices'

const DAY = 86_400_000

describeEachDatabase('access expiry notices', (database) => {
  const db = () => database().handle.db

  async function accountExpiringIn(days: number) {
    const org = await createOrg(database())
    const profile = await db().insertInto('permission_profiles').values({ product_id: org.product.id, name: 'Reviewers' }).returning('id').executeTakeFirstOrThrow()
    const account = await db().insertInto('accounts').values({ org_id: org.id, name: 'Fabrikam' }).returning('id').executeTakeFirstOrThrow()
    await db()
      .insertInto('account_products')
      .values({ account_id: account.id, product_id: org.product.id, permission_profile_id: profile.id, access_expires_at: new Date(Date.now() + days * DAY) })
      .execute()
    const emails = [`a-${org.slug}@fabrikam.test`, `b-${org.slug}@fabrikam.test`]
    for (const email of emails) {
      await db().insertInto('account_members').values({ org_id: org.id, account_id: account.id, email, first_name: 'Sam', last_name: 'Lee' }).execute()
    }
    return { org, account, emails }
  }

  const mailsTo = (emails: string[]) => db().selectFrom('outbox').select(['recipient', 'subject', 'text_body']).where('recipient', 'in', emails).execute()

  it('tells every member once, however many servers run the check at the same time', async () => {
    const { emails } = await accountExpiringIn(5)
    await Promise.all([queueExpiryNotices(db(), database().env), queueExpiryNotices(db(), database().env)])
    await queueExpiryNotices(db(), database().env)
    const mails = await mailsTo(emails)
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(emails)
    expect(mails[0].text_body).toMatch(/Extend access/)
  })

  it('waits until the notice period, and stays quiet once access has ended', async () => {
    const later = await accountExpiringIn(40)
    const ended = await accountExpiringIn(-1)
    await queueExpiryNotices(db(), database().env)
    expect(await mailsTo([...later.emails, ...ended.emails])).toEqual([])
  })
})
