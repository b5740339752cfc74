import { AnalysisSection } from '../../features/analysis/analysis-section.tsx';
import { CommunitySection } from '../../features/community/symbol-section.tsx';
import { FinancialStatementsSection } from '../../features/fundamentals/financial-statements-section.tsx';
import { FundHoldingsSection } from '../../features/fundamentals/fund-holdings-section.tsx';
import { ResearchSection } from '../../features/research/research-section.tsx';

/**
 * The sections below a security's key statistics: a fund's holdings, the analysis, a
 * company's financial statements, news and reports, then the community's posts.
 */
export function StockSectionsRoute() {
  return (
    <div className="space-y-6">
      <FundHoldingsSection />
      <AnalysisSection />
      <FinancialStatementsSection />
      <ResearchSection />
      <CommunitySection />
    </div>
  );
}

export { StockSectionsRoute as Component };
