import { expect, test } from '@playwright/test';

test.describe('the CMS JSON of spec section 7 "Content and catalogue"', () => {
  test('/api/cms/{path} answers a page with its fields and rendered body', async ({ request }) => {
    const response = await request.get('/api/cms/help/roaming', { headers: { accept: 'application/json' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    const [doc] = await response.json();
    expect(doc).toMatchObject({ id: 'roaming', url: '/help/roaming', heading: 'Using 48 abroad' });
    expect(doc.body_html).toContain('<h2');
  });

  test('the login carousel is read at [0].field_login_carousels_export', async ({ request }) => {
    const body = await (await request.get('/api/cms/login/login-carousel')).json();
    const slides = body[0].field_login_carousels_export;
    expect(slides.length).toBeGreaterThan(0);
    expect(slides[0]).toMatchObject({ heading: 'Meet The Safe' });
  });

  test('/api/cms/offers_domains/student lists student e-mail domains', async ({ request }) => {
    const domains = await (await request.get('/api/cms/offers_domains/student')).json();
    expect(domains).toContainEqual({ domain: 'tcd.ie', institution: 'Trinity College Dublin' });
  });

  test('/api/cms/faq/faq lists the questions', async ({ request }) => {
    const faq = await (await request.get('/api/cms/faq/faq')).json();
    expect(faq.find((q: { id: string }) => q.id === 'carryover').question).toBe('What is Carryover?');
  });

  test('/cms/meta/tags/{path} gives title, keywords and description', async ({ request }) => {
    const tags = await (await request.get('/cms/meta/tags/legal/privacy-policy')).json();
    expect(tags).toMatchObject({ title: 'Privacy policy', keywords: expect.arrayContaining(['GDPR']) });
    const home = await (await request.get('/cms/meta/tags/home')).json();
    expect(home.title).toBe('Home');
  });

  test('/cms/api/accessfee/{sku} gives the product fees', async ({ request }) => {
    const fee = await (await request.get('/cms/api/accessfee/BDDV00')).json();
    expect(fee).toMatchObject({ sku: 'BDDV00', access_fee_cents: 0 });
    expect((await request.get('/cms/api/accessfee/NOPE')).status()).toBe(404);
  });
});
