// Questionnaires end to end (issue 10, spec section 2.6; docs/decisions/021-share-and-questionnaires.md),
// with JavaScript on and off: a member of the demo's Contoso account opens the modal from the account menu,
// uploads a file larger than an ordinary form may be and provides a link, sees them under "Questionnaires";
// staff answer one at /questionnaires and the member is mailed the answer and sees it in the list.
import type { Page } from '@playwright/test'
import { ACCOUNT } from '../../db/seed/northwind'
import { expect, openAccountMenu, ready, signedInMember, test, type Person } from './support/journey'

/** A PDF of about 1.5 MB: more than the 1 MB any other visitor form may post. */
function largePdf(tag: string) {
  const body = Buffer.alloc(1_500_000, 0x20)
  body.write(`%PDF-1.4\n% ${tag}\n`)
  body.write('\n%%EOF\n', body.length - 7)
  return body
}

/** The account menu's "Upload questionnaire": the modal. */
async function openModal(page: Page, member: Person, js: boolean) {
  const menu = await openAccountMenu(page, member, js)
  await menu.link('Upload questionnaire').click()
  const modal = page.getByRole('dialog', { name: 'Questionnaires can take some time' })
  await expect(modal).toBeVisible()
  return modal
}

async function submitted(page: Page, js: boolean) {
  const success = page.getByRole('dialog', { name: 'Questionnaire submitted successfully' })
  await expect(success).toBeVisible()
  await expect(success.getByText('You can view it under "Questionnaires"')).toBeVisible()
  const list = success.getByRole('link', { name: 'Questionnaires' })
  await ready(list, js)
  await list.click()
  const dialog = page.getByRole('dialog', { name: 'Questionnaires' })
  await expect(dialog).toBeVisible()
  return dialog
}

test.describe('questionnaires', () => {
  test.slow()

  test('a member uploads a questionnaire and provides a link; staff answer and the member reads the answer', async ({ page, person, mailbox, js, newPage }) => {
    const member = person({ domain: ACCOUNT.domains[0] })
    await signedInMember(page, member, mailbox, js)
    const tag = member.lastName
    const fileName = `Vendor assessment ${tag}.pdf`

    // The modal offers the documents first; "View Documents" goes to the documents card.
    let modal = await openModal(page, member, js)
    await expect(modal.getByRole('link', { name: 'View Documents' })).toBeVisible()
    await ready(modal.getByRole('link', { name: 'upload it' }), js)
    await modal.getByRole('link', { name: 'upload it' }).click()

    // A file of the wrong type is refused in the dialog; then the real one goes through.
    let upload = page.getByRole('dialog', { name: 'Upload questionnaire' })
    await expect(upload).toBeVisible()
    await ready(upload.getByRole('button', { name: 'Submit' }), js)
    await upload.getByLabel('Questionnaire file').setInputFiles({ name: `setup-${tag}.exe`, mimeType: 'application/octet-stream', buffer: Buffer.from('MZ not a questionnaire') })
    await upload.getByRole('button', { name: 'Submit' }).click()
    upload = page.getByRole('dialog', { name: 'Upload questionnaire' })
    await expect(upload.getByText('Upload an Excel, CSV, Word, PDF, text or ZIP file')).toBeVisible()
    await ready(upload.getByRole('button', { name: 'Submit' }), js)
    await upload.getByLabel('Questionnaire file').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: largePdf(tag) })
    await upload.getByLabel('Note (optional)').fill('Our annual review, due next month.')
    await upload.getByRole('button', { name: 'Submit' }).click()
    let list = await submitted(page, js)
    await expect(list.getByRole('row', { name: new RegExp(fileName) })).toContainText('Submitted')

    // The same from "provide a link", a bad link first.
    await page.goto('/?questionnaire=true')
    modal = page.getByRole('dialog', { name: 'Questionnaires can take some time' })
    await ready(modal.getByRole('link', { name: 'provide a link' }), js)
    await modal.getByRole('link', { name: 'provide a link' }).click()
    let linkDialog = page.getByRole('dialog', { name: 'Provide a link to your questionnaire' })
    await ready(linkDialog.getByRole('button', { name: 'Submit' }), js)
    await linkDialog.getByLabel('Link').fill('ftp://forms.contoso.test/q')
    await linkDialog.getByRole('button', { name: 'Submit' }).click()
    linkDialog = page.getByRole('dialog', { name: 'Provide a link to your questionnaire' })
    await expect(linkDialog.getByText('Enter a link that starts with http:// or https://')).toBeVisible()
    const link = `https://forms.contoso.test/q/${tag}`
    await ready(linkDialog.getByRole('button', { name: 'Submit' }), js)
    await linkDialog.getByLabel('Link').fill(link)
    await linkDialog.getByRole('button', { name: 'Submit' }).click()
    list = await submitted(page, js)
    await expect(list.getByRole('link', { name: link })).toBeVisible()

    // Staff answer the file from /questionnaires, and download it as it was sent.
    const staff = await newPage({ staff: true })
    await staff.goto('/questionnaires')
    await expect(staff.getByRole('heading', { name: 'Questionnaires', level: 1 })).toBeVisible()
    const row = staff.getByRole('row', { name: new RegExp(fileName) })
    await expect(row).toContainText(member.email)
    await expect(row).toContainText(ACCOUNT.name)
    if (js) {
      const [download] = await Promise.all([staff.waitForEvent('download'), row.getByRole('link', { name: fileName, exact: true }).click()])
      expect(download.suggestedFilename()).toBe(fileName)
    }
    await row.getByRole('link', { name: `Answer for ${fileName} from ${member.email}` }).click()
    const answer = staff.getByRole('dialog', { name: 'Answer questionnaire' })
    await expect(answer).toContainText('Our annual review, due next month.')
    await ready(answer.getByRole('button', { name: 'Send answer' }), js)
    await answer.getByLabel('Answer').fill(`Answered in full: see the attached workbook (${tag}).`)
    await answer.getByRole('button', { name: 'Send answer' }).click()
    await expect(staff.getByRole('status').filter({ hasText: `Answer sent to ${member.email}` })).toBeVisible()
    await expect(staff.getByRole('row', { name: new RegExp(fileName) })).toContainText('Answered')

    // The member is told by e-mail, with a link to the list, where the answer is.
    const mail = await mailbox.next(member.email, /has been answered$/)
    expect(mail.text).toContain(`Answered in full: see the attached workbook (${tag}).`)
    const listLink = /(https?:\/\/\S+\?questionnaires=list)/.exec(mail.text)?.[1]
    expect(listLink).toBeTruthy()
    await page.goto(listLink!)
    const answered = page.getByRole('dialog', { name: 'Questionnaires' }).getByRole('row', { name: new RegExp(fileName) })
    await expect(answered).toContainText('Answered')
    await expect(answered).toContainText(`Answered in full: see the attached workbook (${tag}).`)
  })

  test('View Documents closes the modal at the documents card', async ({ page, person, mailbox, js }) => {
    const member = person({ domain: ACCOUNT.domains[0] })
    await signedInMember(page, member, mailbox, js)
    const modal = await openModal(page, member, js)
    const documents = modal.getByRole('link', { name: 'View Documents' })
    await ready(documents, js)
    await documents.click()
    await expect(modal).toBeHidden()
    await expect(page).toHaveURL(/#documents$/)
    await expect(page.getByRole('region', { name: 'Documents' })).toBeInViewport()
  })
})
