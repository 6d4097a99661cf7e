import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import Settings, { action as settingsAction, loader as settingsLoader } from '../../app/routes/staff/settings/index'
import { DEFAULT_ACCESS_REQUEST_FIELDS } from '../../app/lib/access-request-fields'
import { SETTINGS_MESSAGES } from '../../app/lib/schemas/settings'
import { describeEachDatabase } from '../setup/database'
import { createOrg, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

type Form = Record<string, string | string[]>

const TAB_OF: Record<string, string> = {
  portal: '/settings',
  contact: '/settings',
  access: '/settings/access',
  nda: '/settings/nda',
  documents: '/settings/documents',
}

describeEachDatabase('portal settings', (database) => {
  const db = () => database().handle.db
  const post = (cookie: string, form: Form) => callRoute(settingsAction, database(), { path: '/settings', cookie, form })
  const load = (cookie: string) => callRoute(settingsLoader, database(), { path: '/settings', cookie })

  const customization = (org: { id: string }) => db().selectFrom('portal_customizations').selectAll().where('org_id', '=', org.id).executeTakeFirstOrThrow()
  const orgRow = (org: { id: string }) => db().selectFrom('orgs').selectAll().where('id', '=', org.id).executeTakeFirstOrThrow()
  const auditOf = (org: { id: string }) =>
    db()
      .selectFrom('audit_entries')
      .select(['action', 'actor', 'before', 'after'])
      .where('org_id', '=', org.id)
      .where('action', 'like', 'settings.%')
      .orderBy('created_at')
      .execute()

  async function createProfile(org: OrgFixture, name = 'Customers') {
    return db().insertInto('permission_profiles').values({ product_id: org.product.id, name }).returning(['id', 'name']).executeTakeFirstOrThrow()
  }

  /** A complete, valid access-requests form: each test changes what it checks. */
  const accessForm = (overrides: Form = {}): Form => ({
    intent: 'access',
    publicAccessLevel: 'Limited',
    reviewBanner: 'default',
    autoApprove: 'never',
    defaultAccessDays: '365',
    ...overrides,
  })

  /** Saves `form` and checks the post/redirect/get answer, the revision bump and the audit entry. */
  async function saves(org: OrgFixture, form: Form) {
    const before = await customization(org)
    const saved = await post(org.admin.cookie, form)
    expect(saved.status, JSON.stringify(saved.data)).toBe(302)
    // Back to the tab the section is on (decision 059).
    expect(saved.location).toBe(TAB_OF[String(form.intent)])
    expect(saved.toast).toBe('Settings saved')
    expect((await customization(org)).revision).toBe(before.revision + 1)
    const audit = await auditOf(org)
    expect(audit.at(-1)).toMatchObject({ action: `settings.${form.intent}`, actor: org.admin.email })
    return audit.at(-1)!
  }

  /** A refused save: 400, and neither the settings nor the revision nor the audit log changed. */
  async function refuses(org: OrgFixture, form: Form) {
    const [before, beforeOrg, beforeAudit] = await Promise.all([customization(org), orgRow(org), auditOf(org)])
    const refused = await post(org.admin.cookie, form)
    expect(refused.status).toBe(400)
    expect(refused.data.intent).toBe(form.intent)
    expect(await customization(org)).toEqual(before)
    expect(await orgRow(org)).toEqual(beforeOrg)
    expect(await auditOf(org)).toEqual(beforeAudit)
    return refused.data.result.error as Record<string, string[]>
  }

  it('shows the org’s own settings and only its own permission profiles', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const mine = await createProfile(org, 'Mine')
    await createProfile(other, 'Theirs')
    const page = await load(org.admin.cookie)
    expect(page.status).toBe(200)
    expect(page.data.settings.portal).toEqual({ portalTitle: 'Trust Center', showPortalTitle: true, description: null })
    expect(page.data.settings.access.requestFields).toEqual(DEFAULT_ACCESS_REQUEST_FIELDS)
    expect(page.data.settings.access.publicAccessLevel).toBe('Limited')
    expect(page.data.profiles).toEqual([{ id: mine.id, name: 'Mine', productName: org.product.name }])
  })

  it('saves the portal section', async () => {
    const org = await createOrg(database())
    const entry = await saves(org, { intent: 'portal', portalTitle: '  Acme Security  ', description: 'How Acme keeps data safe.' })
    const row = await customization(org)
    expect({ title: row.portal_title, show: row.show_portal_title, description: row.description }).toEqual({
      title: 'Acme Security',
      show: false,
      description: 'How Acme keeps data safe.',
    })
    // Only the fields that changed, before and after.
    expect(entry.before).toEqual({ portalTitle: 'Trust Center', showPortalTitle: true, description: null })
    expect(entry.after).toEqual({ portalTitle: 'Acme Security', showPortalTitle: false, description: 'How Acme keeps data safe.' })

    await saves(org, { intent: 'portal', portalTitle: 'Acme Security', showPortalTitle: 'on' })
    const again = await customization(org)
    expect({ show: again.show_portal_title, description: again.description }).toEqual({ show: true, description: null })
    expect((await auditOf(org)).at(-1)!.after).toEqual({ showPortalTitle: true, description: null })
  })

  it('refuses a missing or too long portal title, and echoes the value escaped', async () => {
    const org = await createOrg(database())
    expect((await refuses(org, { intent: 'portal', portalTitle: '   ' })).portalTitle).toEqual([SETTINGS_MESSAGES.portalTitleRequired])
    const title = `<script>alert(1)</script>${'x'.repeat(40)}`
    const refused = await post(org.admin.cookie, { intent: 'portal', portalTitle: title })
    expect(refused.status).toBe(400)
    expect(refused.data.result.error.portalTitle).toEqual(['Portal title must be at most 60 characters'])
    expect((await refuses(org, { intent: 'portal', portalTitle: 'Trust\nCenter' })).portalTitle).toEqual(['Use one line, without tabs or other control characters'])

    const page = await load(org.admin.cookie)
    const Stub = createRoutesStub([{ id: 'settings', path: '/settings', Component: Settings as never }])
    const html = renderToString(
      createElement(Stub, { initialEntries: ['/settings'], hydrationData: { loaderData: { settings: page.data }, actionData: { settings: refused.data } } }),
    )
    expect(html).toContain('<h1>Settings</h1>')
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;')
    const input = /<input[^>]*name="portalTitle"[^>]*>/.exec(html)![0]
    const errorId = /aria-describedby="([^" ]+)/.exec(input)![1]
    expect(html).toContain(`<p class="field__error" id="${errorId}">Portal title must be at most 60 characters</p>`)
    expect(html).toMatch(/<label for="[^"]+">Portal title<\/label>/)
    expect(html).toContain('href="/settings/outbox"')
    // The General tab's other section keeps its saved values; the other tabs' sections are not on it.
    expect(/<input[^>]*name="supportMailbox"/.test(html)).toBe(true)
    expect(/<select[^>]*name="autoApproveProfileId"/.test(html)).toBe(false)
    // The save bar: the Save button, and a status that says nothing until a field changes.
    expect(html).toContain('<p class="save-bar__status" role="status"></p>')
  })

  it('shows each tab’s sections on its own page, and 404 for an unknown tab', async () => {
    const org = await createOrg(database())
    const page = await load(org.admin.cookie)
    const render = (path: string) =>
      renderToString(
        createElement(createRoutesStub([{ id: 'settings', path: '/settings/:tab?', Component: Settings as never }]), {
          initialEntries: [path],
          hydrationData: { loaderData: { settings: page.data } },
        }),
      )
    const forms = (html: string) => [...html.matchAll(/<form[^>]*id="settings-([a-z-]+)"/g)].map((match) => match[1])
    expect(forms(render('/settings'))).toEqual(['portal', 'contact'])
    expect(forms(render('/settings/access'))).toEqual(['access'])
    expect(forms(render('/settings/nda'))).toEqual(['nda'])
    expect(forms(render('/settings/documents'))).toEqual(['documents'])
    expect(forms(render('/settings/integrations'))).toEqual(['tprm-partners'])
    const tabs = render('/settings/nda')
    expect(tabs).toContain('<nav aria-label="Settings pages"')
    expect(tabs).toMatch(/<a aria-current="page"[^>]*href="\/settings\/nda"/)
    for (const tab of ['access', 'nda', 'documents', 'integrations']) {
      expect((await callRoute(settingsLoader, database(), { path: `/settings/${tab}`, params: { tab }, cookie: org.admin.cookie })).status).toBe(200)
    }
    expect((await callRoute(settingsLoader, database(), { path: '/settings/general', params: { tab: 'general' }, cookie: org.admin.cookie })).status).toBe(404)
    expect((await callRoute(settingsLoader, database(), { path: '/settings/nope', params: { tab: 'nope' }, cookie: org.admin.cookie })).status).toBe(404)
  })

  it('saves the contact section: https added to a bare address, http refused', async () => {
    const org = await createOrg(database())
    await saves(org, {
      intent: 'contact',
      supportMailbox: 'Support@Acme.test',
      securityMailbox: 'security@acme.test',
      contactSupportAction: 'url',
      contactSupportUrl: 'help.acme.test/contact',
      reportIssueAction: 'email',
    })
    const row = await customization(org)
    expect(row.support_mailbox).toBe('support@acme.test')
    expect(row.security_mailbox).toBe('security@acme.test')
    expect(row.contact_support).toEqual({ onClickAction: 'url', url: 'https://help.acme.test/contact' })
    expect(row.report_issue).toEqual({ onClickAction: 'email', url: null })

    const base = { intent: 'contact', contactSupportAction: 'email', reportIssueAction: 'url' }
    expect((await refuses(org, base)).reportIssueUrl).toEqual([SETTINGS_MESSAGES.urlRequired])
    expect((await refuses(org, { ...base, reportIssueUrl: 'http://acme.test/report' })).reportIssueUrl).toEqual([SETTINGS_MESSAGES.httpsOnly])
    expect((await refuses(org, { ...base, reportIssueUrl: 'javascript:alert(1)' })).reportIssueUrl).toEqual([SETTINGS_MESSAGES.invalidUrl])
    expect((await refuses(org, { ...base, reportIssueUrl: 'https://acme.test@evil.test/' })).reportIssueUrl).toEqual([SETTINGS_MESSAGES.invalidUrl])
    expect((await refuses(org, { ...base, reportIssueUrl: 'https://acme.test', supportMailbox: 'not an email' })).supportMailbox).toEqual(['This email is invalid'])
    expect((await refuses(org, { ...base, reportIssueUrl: 'https://acme.test', reportIssueAction: 'popup' })).reportIssueAction).toEqual(['Choose what the button does'])
  })

  it('saves the access-requests section', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org)
    const entry = await saves(
      org,
      accessForm({
        'requestFields.jobTitle.label': 'Your role',
        'requestFields.country.enabled': 'on',
        'requestFields.customCheckbox.enabled': 'on',
        'requestFields.customCheckbox.required': 'on',
        'requestFields.customCheckbox.label': 'I accept the terms',
        publicAccessLevel: 'PublicContentOnly',
        reviewBanner: 'none',
        reviewBannerInformationText: 'Write to us',
        blockedDomains: 'Rival.test\n\n@competitor.test\nrival.test',
        freeMailDomains: 'mail.example',
        autoApprove: 'domains',
        autoApproveDomains: 'partner.test, customer.test',
        autoApproveProfileId: profile.id,
        defaultAccessDays: '90',
        reviewDays: '5',
      }),
    )
    const row = await customization(org)
    expect(row.access_request_fields).toEqual({
      jobTitle: { enabled: false, label: 'Your role' },
      pointOfContact: { enabled: false, label: 'Point of contact' },
      relationship: { enabled: false, label: 'Relationship' },
      country: { enabled: true, label: 'Country' },
      customCheckbox: { enabled: true, label: 'I accept the terms', required: true },
      products: { enabled: false, label: 'Products' },
    })
    expect((await orgRow(org)).public_access_level).toBe('PublicContentOnly')
    expect(row.review_banner).toBe('none')
    expect(row.review_banner_information_text).toBe('Write to us')
    expect(row.blocked_domains).toEqual(['rival.test', 'competitor.test'])
    expect(row.free_mail_domains).toEqual(['mail.example'])
    expect(row.auto_approve).toBe('domains')
    expect(row.auto_approve_domains).toEqual(['partner.test', 'customer.test'])
    expect(row.auto_approve_profile_id).toBe(profile.id)
    expect(row.default_access_days).toBe(90)
    expect(row.review_days).toBe(5)
    expect(entry.before).toMatchObject({ publicAccessLevel: 'Limited', autoApprove: 'never', defaultAccessDays: 365 })
    expect(entry.after).toMatchObject({ publicAccessLevel: 'PublicContentOnly', autoApprove: 'domains', defaultAccessDays: 90 })

    // Always, with the profile: the domain list may stay.
    await saves(org, accessForm({ autoApprove: 'always', autoApproveProfileId: profile.id }))
    expect((await customization(org)).auto_approve).toBe('always')
  })

  it('refuses invalid access settings with field messages and writes nothing', async () => {
    const org = await createOrg(database())
    const errors = await refuses(org, accessForm({ autoApprove: 'domains', blockedDomains: 'ok.test\nnot a domain\nhttp://x.test', defaultAccessDays: '0' }))
    expect(errors.autoApproveDomains).toEqual([SETTINGS_MESSAGES.domainsRequired])
    expect(errors.autoApproveProfileId).toEqual([SETTINGS_MESSAGES.profileRequired])
    expect(errors.defaultAccessDays).toEqual([SETTINGS_MESSAGES.accessDays])
    expect(errors.blockedDomains).toEqual(['Not a domain name: not, a, domain, http://x.test'])
    expect((await refuses(org, accessForm({ defaultAccessDays: '3651' }))).defaultAccessDays).toEqual([SETTINGS_MESSAGES.accessDays])
    expect((await refuses(org, accessForm({ defaultAccessDays: '1.5' }))).defaultAccessDays).toEqual([SETTINGS_MESSAGES.accessDays])
    expect((await refuses(org, accessForm({ reviewDays: '31' }))).reviewDays).toEqual([SETTINGS_MESSAGES.reviewDays])
    expect((await refuses(org, accessForm({ publicAccessLevel: 'Everything' }))).publicAccessLevel).toEqual(['Choose what visitors without access see'])
    expect((await refuses(org, accessForm({ 'requestFields.jobTitle.label': 'Job\ntitle' })))['requestFields.jobTitle.label']).toEqual([
      'Use one line, without tabs or other control characters',
    ])
  })

  it('refuses another org’s permission profile for auto-approval', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const theirs = await createProfile(other, 'Theirs')
    expect((await refuses(org, accessForm({ autoApprove: 'always', autoApproveProfileId: theirs.id }))).autoApproveProfileId).toEqual([SETTINGS_MESSAGES.profileUnknown])
    // Even when auto-approval is off, a foreign id is never stored.
    expect((await refuses(org, accessForm({ autoApproveProfileId: theirs.id }))).autoApproveProfileId).toEqual([SETTINGS_MESSAGES.profileUnknown])
    expect((await customization(org)).auto_approve_profile_id).toBeNull()
  })

  it('saves the NDA section; clickwrap needs the text', async () => {
    const org = await createOrg(database())
    expect((await refuses(org, { intent: 'nda', ndaType: 'clickwrap', ndaText: '  \r\n ', ndaScope: 'member' })).ndaText).toEqual([SETTINGS_MESSAGES.ndaTextRequired])
    expect((await refuses(org, { intent: 'nda', ndaType: 'clickwrap', ndaText: 'x'.repeat(50_001), ndaScope: 'member' })).ndaText).toEqual([
      'The NDA text must be at most 50,000 characters',
    ])
    await saves(org, { intent: 'nda', ndaType: 'clickwrap', ndaText: 'Keep it secret.\r\nKeep it safe.', ndaScope: 'member' })
    expect((await orgRow(org)).nda_type).toBe('clickwrap')
    const row = await customization(org)
    // Line breaks stored as the browser's CRLF would change the text's version on every client: LF only.
    expect({ text: row.nda_text, scope: row.nda_scope }).toEqual({ text: 'Keep it secret.\nKeep it safe.', scope: 'member' })
    await saves(org, { intent: 'nda', ndaType: 'none', ndaScope: 'account' })
    expect((await orgRow(org)).nda_type).toBe('none')
  })

  it('saves the documents section', async () => {
    const org = await createOrg(database())
    expect((await customization(org)).watermark_enabled).toBe(true)
    expect((await customization(org)).ai_answers_enabled).toBe(false)
    const entry = await saves(org, { intent: 'documents', documentAccessType: 'view-only', commentsEnabled: 'on', aiAnswersEnabled: 'on' })
    expect((await orgRow(org)).document_access_type).toBe('view-only')
    const row = await customization(org)
    expect({
      bulk: row.bulk_download_enabled,
      watermark: row.watermark_enabled,
      subscribe: row.subscribe_enabled,
      comments: row.comments_enabled,
      ai: row.ai_answers_enabled,
      questionnaires: row.questionnaires_enabled,
      tprm: row.tprm_enabled,
    }).toEqual({
      bulk: false,
      watermark: false,
      subscribe: false,
      comments: true,
      ai: true,
      questionnaires: false,
      tprm: false,
    })
    expect(entry.after).toEqual({
      documentAccessType: 'view-only',
      bulkDownloadEnabled: false,
      watermarkEnabled: false,
      subscribeEnabled: false,
      commentsEnabled: true,
      aiAnswersEnabled: true,
      questionnairesEnabled: false,
      tprmEnabled: false,
    })
    await saves(org, { intent: 'documents', documentAccessType: 'view-and-download', watermarkEnabled: 'on' })
    expect((await customization(org)).watermark_enabled).toBe(true)
    expect((await refuses(org, { intent: 'documents', documentAccessType: 'download-only' })).documentAccessType).toEqual(['Choose whether visitors may download documents'])
  })

  it('refuses a member without the settings permission, and an unknown intent', async () => {
    const org = await createOrg(database())
    const cookie = await createStaffMember(database(), `docs@${org.slug}.test`, ['documents', 'members'], { org })
    const before = await customization(org)
    expect((await load(cookie)).status).toBe(403)
    const denied = await post(cookie, { intent: 'portal', portalTitle: 'Taken over' })
    expect(denied.status).toBe(403)
    expect(await customization(org)).toEqual(before)
    expect((await post(org.admin.cookie, { intent: 'everything' })).status).toBe(400)
  })

  describe('the org comes from the session', () => {
    it('ignores an org id in the form', async () => {
      const org = await createOrg(database())
      const other = await createOrg(database())
      await saves(org, { intent: 'portal', portalTitle: 'Mine', orgId: other.id, org_id: other.id })
      expect((await customization(other)).portal_title).toBe('Trust Center')
      expect((await customization(org)).portal_title).toBe('Mine')
    })
  })
})
