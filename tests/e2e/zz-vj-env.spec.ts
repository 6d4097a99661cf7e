import { test } from '@playwright/test'
test('env', async () => { console.log(Object.entries(process.env).filter(([k]) => /NODE|PW_|PLAYWRIGHT|TEST_/.test(k))) })
