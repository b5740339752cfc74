// A fixed locale: the build prerenders this page in Node and the browser must print the same.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatUsd(value: number): string {
  return usd.format(value);
}

export function formatSignedPercent(value: number): string {
  const sign = value < 0 ? '-' : '+';
  return `${sign}${Math.abs(value).toFixed(2)}%`;
}
