import { AnalysisSection } from '../../features/analysis/analysis-section.tsx';
import { CommunitySection } from '../../features/community/symbol-section.tsx';

/** The sections below a security's key statistics: AI Analysis, then the community's posts. */
export function StockSectionsRoute() {
  return (
    <div className="space-y-6">
      <AnalysisSection />
      <CommunitySection />
    </div>
  );
}

export { StockSectionsRoute as Component };
