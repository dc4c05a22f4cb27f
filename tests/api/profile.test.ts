import { expect, it } from 'vitest';
import { KB_PER_GB } from '../../src/contract/constants.ts';
import { demoSsn } from '../../src/server/seed/seed.ts';
import { call, forEachDatabase, login } from './harness.ts';

forEachDatabase('profile', (ctx) => {
  it('name change persists', async () => {
    const s = await login(ctx().app, 'active@example.com');
    const put = await call(ctx().app, s, `/panda/protected/users/${s.userId}/name`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstname: 'Aoife Máire', lastname: "O'Byrne" }),
    });
    expect(put.status).toBe(200);
    const again = await login(ctx().app, 'active@example.com');
    const res = await ctx().app.request('/panda/public/users/current', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'active@example.com', password: 'Demo-48-pass' }),
    });
    expect((await res.json())._payload.account).toMatchObject({ firstname: 'Aoife Máire', lastname: "O'Byrne" });
    expect(again.userId).toBe(1);
  });

  it('marketing permissions: read with the Snapchat default, change, read back', async () => {
    const s = await login(ctx().app, 'newmember@example.com');
    const path = `/panda/protected/users/${s.userId}/marketing-permissions`;
    expect((await (await call(ctx().app, s, path)).json())._payload).toEqual({
      email: true,
      sms: false,
      phone: false,
      post: false,
      social: false,
      social_preference: 'Snapchat',
    });
    const next = { email: false, sms: true, phone: false, post: true, social: true, social_preference: 'TikTok' };
    const put = await call(ctx().app, s, path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(next),
    });
    expect(put.status).toBe(200);
    expect((await (await call(ctx().app, s, path)).json())._payload).toEqual(next);
    const bad = await call(ctx().app, s, path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...next, social_preference: 'MySpace' }),
    });
    expect(bad.status).toBe(400);
    expect((await (await call(ctx().app, s, path)).json())._payload).toEqual(next);
  });

  it('daily usage of the current period adds up to the data used; PUK; purchase details', async () => {
    const s = await login(ctx().app, 'active@example.com');
    const usage = (
      await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/sims/${demoSsn(1)}/usage/daily`)).json()
    )._payload.values;
    expect(usage).toHaveLength(18);
    expect(usage.reduce((sum: number, d: { data_kb: number }) => sum + d.data_kb, 0)).toBe(
      Math.round(11.25 * KB_PER_GB),
    );
    const puk = (await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/sims/${demoSsn(1)}/puk`)).json())
      ._payload.puk;
    expect(puk).toMatch(/^[0-9]{8}$/);
    const details = (await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/purchase/details`)).json())
      ._payload;
    expect(details).toMatchObject({ has_purchased: true, current_membership: { sku: 'BDDT00', price_cents: 999 } });
    const other = await call(ctx().app, s, `/panda/protected/users/${s.userId}/sims/${demoSsn(2)}/puk`);
    expect(other.status).toBe(403);
  });
});
