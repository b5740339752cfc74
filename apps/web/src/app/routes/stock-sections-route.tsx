import { AnalysisSection } from '../../features/analysis/analysis-section.tsx';
import { CommunitySection } from '../../features/community/symbol-section.tsx';
import { ResearchSection } from '../../features/research/research-section.tsx';

/**
 * The sections below a security's key statistics: the analysis, news and reports, then the
 * community's posts.
 */
export function StockSectionsRoute() {
  return (
    <div className="space-y-6">
      <AnalysisSection />
      <ResearchSection />
      <CommunitySection />
    </div>
  );
}

export { StockSectionsRoute as Component };
