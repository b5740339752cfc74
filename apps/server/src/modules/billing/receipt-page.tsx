import { type Receipt, receiptLines } from '@tickerwise/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { pageStyles } from '../../http/html-page.ts';

/**
 * Screen: a card per receipt on a grey page. Print: no chrome, one receipt per sheet (each
 * starts a page), black on white.
 */
const css = `${pageStyles}
.hint{color:#64748b;font-size:13px;margin:0 0 16px}
.receipt{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;margin:0 0 24px}
.seller{color:#64748b;font-size:13px;margin:2px 0 0}
table{width:100%;border-collapse:collapse}
th,td{padding:10px 0;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top}
th{font-weight:500;color:#475569;width:40%;padding-right:16px}
td{font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
tr.total th,tr.total td{font-weight:700;color:#0f172a;border-bottom:0;font-size:17px}
.thanks{color:#475569;font-size:13px;margin:20px 0 0}
@media (max-width:480px){.receipt{padding:20px}th{width:45%}}
@page{size:A4;margin:18mm}
@media print{
  body{background:#fff;font-size:12pt}
  main{max-width:none;padding:0}
  .hint{display:none}
  .receipt{border:0;border-radius:0;padding:0;margin:0;break-after:page;page-break-after:always}
  .receipt:last-child{break-after:auto;page-break-after:auto}
}`;

function ReceiptSheet({ receipt, publicUrl }: { receipt: Receipt; publicUrl: string }) {
  const lines = receiptLines(receipt);
  return (
    <article className="receipt" aria-labelledby={`receipt-${receipt.id}`}>
      <p className="brand">Tickerwise</p>
      <p className="seller">{publicUrl}</p>
      <h1 id={`receipt-${receipt.id}`}>Receipt {receipt.number}</h1>
      <table>
        <tbody>
          {lines.map((line, index) => (
            <tr key={line.label} className={index === lines.length - 1 ? 'total' : undefined}>
              <th scope="row">{line.label}</th>
              <td>{line.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="thanks">Paid to Tickerwise, {publicUrl}. Thank you.</p>
    </article>
  );
}

/** The printable receipts page: one receipt, or all of them, each on its own printed page. */
export function receiptPage(receipts: Receipt[], publicUrl: string): string {
  const title =
    receipts.length === 1 ? `Receipt ${receipts[0]!.number}` : `Your receipts (${receipts.length})`;
  const body = renderToStaticMarkup(
    <main>
      <p className="hint">
        To keep a copy, print this page or save it as a PDF from your browser’s Print command.
        {receipts.length > 1 ? ' Each receipt prints on its own page.' : ''}
      </p>
      {receipts.length === 0 ? (
        <p>You have no receipts yet: they come with payments for Pro or Enterprise.</p>
      ) : (
        receipts.map((receipt) => (
          <ReceiptSheet key={receipt.id} receipt={receipt} publicUrl={publicUrl} />
        ))
      )}
    </main>,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Tickerwise</title><style>${css}</style></head><body>${body}</body></html>`;
}
