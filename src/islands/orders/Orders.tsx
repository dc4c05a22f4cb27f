import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert } from '../../components/forms/Field.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { clockTime, longDateOf } from '../../lib/format.ts';
import { $orders, canOrderFreeSim, loadOrders, orderItemText, orderStatusText, orderSteps } from './orders-store.ts';
import { TableHead } from '../../components/TableHead.tsx';

/** The member's SIM orders with their status (spec section 4 "Order statuses") and each step of the delivery. */
export default function Orders() {
  const userId = useMemberPage();
  const { values: orders, error } = useStore($orders);
  useEffect(() => {
    if (userId) void loadOrders(userId);
  }, [userId]);
  if (error) return <FormAlert>{error}</FormAlert>;
  if (!orders) return <p role="status">Loading your orders…</p>;
  if (orders.length === 0) {
    return (
      <section className="card" aria-labelledby="no-orders">
        <h2 id="no-orders">No orders yet</h2>
        <p>When you order a SIM, it shows here with its delivery status.</p>
        <a className="btn btn--primary" href="/order-free-sim">
          Order a free SIM
        </a>
      </section>
    );
  }
  return (
    <div className="stack">
      <div className="table-wrap" role="region" aria-labelledby="orders-caption" tabIndex={0}>
        <table className="cards">
          <caption id="orders-caption">Your SIM orders, newest first</caption>
          <TableHead columns={['Item', 'Status', 'Delivery to']} />
          <tbody>
            {orders.map((o) => (
              <tr key={o.id}>
                <td>{orderItemText(o.sku)}</td>
                <td data-label="Status">
                  <strong>{orderStatusText(o)}</strong>
                  <ol className="plain">
                    {orderSteps(o).map(({ step, at }) => (
                      <li
                        key={step}
                      >{`${step}: ${at ? `${longDateOf(new Date(at))}, ${clockTime(at)}` : 'not yet'}`}</li>
                    ))}
                  </ol>
                </td>
                <td data-label="Delivery to">
                  {[`${o.firstname} ${o.lastname}`, o.s_line1, o.s_city, `Co. ${o.s_county}`].join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canOrderFreeSim(orders) && (
        <a className="btn btn--outline" href="/order-free-sim">
          Order another free SIM
        </a>
      )}
    </div>
  );
}
