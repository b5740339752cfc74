import { AnalysisExamplePanel } from '../../features/analysis/analysis-example.tsx';
import { PortfolioExamplePanel } from '../../features/portfolio/portfolio-example.tsx';
import { FeaturePage } from '../../features/product/feature-page.tsx';

/** `/features/analysis` with today's analysis of one stock, drawn as the stock page draws it. */
export function AnalysisFeatureRoute() {
  return (
    <FeaturePage
      id="analysis"
      example={{
        title: 'Today’s analysis of one stock',
        lead: 'Computed from the stored prices and company data when you open this page, by the same code and drawn by the same components as a stock’s page in the app.',
        panel: <AnalysisExamplePanel />,
      }}
    />
  );
}

/** `/features/portfolio` with a worked example valued by the portfolio's own code. */
export function PortfolioFeatureRoute() {
  return (
    <FeaturePage
      id="portfolio"
      example={{
        title: 'A worked example portfolio',
        lead: 'Five transactions, entered as you would enter yours, and what the portfolio makes of them at today’s prices: each holding’s cost (first in, first out), the gain the sale realised, the dividend and the cash left.',
        panel: <PortfolioExamplePanel />,
      }}
    />
  );
}
