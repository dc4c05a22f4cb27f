import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert } from '../../components/forms/Field.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { clockTime, formatIn, longDateOf } from '../../lib/format.ts';
import { $orders, canOrderFreeSim, loadOrders, orderItem, orderStatus, orderSteps } from './orders-store.ts';
import { TableHead } from '../../components/TableHead.tsx';
import { $ordersWords, type OrdersWords } from './orders-words.ts';

/**
 * The member's SIM orders with their status (spec section 4 "Order statuses") and each step of the
 * delivery, in the page's language (its dates too).
 */
export default function Orders({
  words,
  tag,
  links,
}: {
  words: OrdersWords;
  /** The page's language tag, for the dates. */
  tag: string;
  links: { orderFree: string };
}) {
  if ($ordersWords.get() !== words) {
    $ordersWords.set(words);
    formatIn(tag);
  }
  const userId = useMemberPage();
  const { values: orders, error } = useStore($orders);
  useEffect(() => {
    if (userId) void loadOrders(userId);
  }, [userId]);
  if (error) return <FormAlert>{error}</FormAlert>;
  if (!orders) return <p role="status">{words['orders.loading']}</p>;
  if (orders.length === 0) {
    return (
      <section className="card" aria-labelledby="no-orders">
        <h2 id="no-orders">{words['orders.none']}</h2>
        <p>{words['orders.noneText']}</p>
        <a className="btn btn--primary" href={links.orderFree}>
          {words['orders.orderFree']}
        </a>
      </section>
    );
  }
  const item = (sku: string) => {
    const known = orderItem(sku);
    return known ? words[`orders.item.${known}`] : sku;
  };
  return (
    <div className="stack">
      <div className="table-wrap" role="region" aria-labelledby="orders-caption" tabIndex={0}>
        <table className="cards">
          <caption id="orders-caption">{words['orders.caption']}</caption>
          <TableHead columns={[words['orders.col.item'], words['orders.col.status'], words['orders.col.delivery']]} />
          <tbody>
            {orders.map((o) => (
              <tr key={o.id}>
                <td>{item(o.sku)}</td>
                <td data-label={words['orders.col.status']}>
                  <strong>{words[`orders.status.${orderStatus(o)}`]}</strong>
                  <ol className="plain">
                    {orderSteps(o).map(({ step, at }) => (
                      <li key={step}>
                        {fill(words['orders.stepAt'], {
                          step: words[`orders.step.${step}`],
                          at: at ? `${longDateOf(new Date(at))}, ${clockTime(at)}` : words['orders.notYet'],
                        })}
                      </li>
                    ))}
                  </ol>
                </td>
                <td data-label={words['orders.col.delivery']}>
                  {[
                    `${o.firstname} ${o.lastname}`,
                    o.s_line1,
                    o.s_city,
                    fill(words['orders.county'], { county: o.s_county }),
                  ].join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canOrderFreeSim(orders) && (
        <a className="btn btn--outline" href={links.orderFree}>
          {words['orders.another']}
        </a>
      )}
    </div>
  );
}
