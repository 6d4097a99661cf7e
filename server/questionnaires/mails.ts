import { brandedMail, trustCenterName, type MailOrg } from '../email/layout'
import { oneLine } from '../email/text'
import { greeting, type Mail } from '../email/visitor-mails'

// The questionnaire mails, written like the visitor-access ones (server/email/visitor-mails.ts): brandedMail
// escapes everything and keeps names on one line; these only write the copy.

/** Where a member finds their account's questionnaires: the portal's list dialog. */
export const questionnairesListUrl = (portalUrl: string) => `${portalUrl}?questionnaires=list`

/** To the staff who answer questionnaires: a member sent one. */
export function newQuestionnaireMail(
  org: MailOrg,
  questionnaire: { memberName: string; memberEmail: string; accountName: string; name: string; note: string | null },
  reviewUrl: string,
): Mail {
  const name = oneLine(questionnaire.memberName)
  const account = oneLine(questionnaire.accountName)
  return brandedMail(org, {
    subject: `New questionnaire from ${name}${account ? ` (${account})` : ''}`,
    heading: 'New questionnaire',
    paragraphs: [`${name}${account ? ` from ${account}` : ''} submitted a questionnaire on ${trustCenterName(org)}.`],
    details: [
      { label: 'Name', value: name },
      { label: 'E-mail', value: questionnaire.memberEmail },
      { label: 'Account', value: questionnaire.accountName },
      { label: 'Questionnaire', value: questionnaire.name },
    ],
    quote: questionnaire.note ?? undefined,
    button: { label: 'Review questionnaires', href: reviewUrl },
  })
}

/** To the member who sent it: the answer, and where all of the account's questionnaires are. */
export function questionnaireAnsweredMail(org: MailOrg, questionnaire: { memberName: string; name: string; answer: string }, listUrl: string): Mail {
  const center = trustCenterName(org)
  return brandedMail(org, {
    subject: `Your questionnaire on ${center} has been answered`,
    heading: 'Your questionnaire has been answered',
    paragraphs: [greeting(questionnaire.memberName), `The ${oneLine(org.name)} team answered your questionnaire "${oneLine(questionnaire.name)}":`],
    quote: questionnaire.answer,
    button: { label: 'View your questionnaires', href: listUrl },
    note: `You can find it under "Questionnaires" in your account menu on ${center} once you are logged in.`,
  })
}
