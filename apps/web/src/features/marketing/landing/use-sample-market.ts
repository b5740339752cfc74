import { useEffect, useState } from 'react';
import {
  driftSampleMarket,
  initialSampleMarket,
  type SampleMarket,
  sampleTickMs,
} from './sample-market.ts';

/** The live card's market: fixed on first render, drifting every 2 s once mounted. */
export function useSampleMarket(): SampleMarket {
  const [market, setMarket] = useState(initialSampleMarket);
  useEffect(() => {
    const timer = window.setInterval(
      () => setMarket((current) => driftSampleMarket(current, Math.random)),
      sampleTickMs,
    );
    return () => window.clearInterval(timer);
  }, []);
  return market;
}
