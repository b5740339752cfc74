/**
 * The live card's bar chart in plain CSS. Bars change height through `transform` only, so
 * the refresh every 2 s never moves layout (no CLS) and needs no chart library.
 */
export function PortfolioBars({ history }: { history: readonly number[] }) {
  const low = Math.min(...history);
  const high = Math.max(...history);
  const range = high - low || 1;
  return (
    <div data-testid="sample-chart" aria-hidden="true" className="flex h-24 items-end gap-1.5">
      {history.map((value, index) => {
        const scale = 0.2 + (0.8 * (value - low)) / range;
        const latest = index === history.length - 1;
        return (
          <div
            // Positions, not values, identify bars: each keeps its place as the chart refreshes.
            key={index}
            data-value={value}
            className={`h-full flex-1 origin-bottom rounded-t-sm transition-transform duration-700 ease-out motion-reduce:transition-none ${
              latest ? 'bg-brand-500' : 'bg-brand-200'
            }`}
            style={{ transform: `scaleY(${scale.toFixed(3)})` }}
          />
        );
      })}
    </div>
  );
}
