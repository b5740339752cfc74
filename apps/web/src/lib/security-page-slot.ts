import type { SecurityType } from '@tickerwise/shared';
import { useOutletContext } from 'react-router';

/**
 * What a security's page hands the sections other features add below its key statistics
 * (child routes of `/dashboard/investments/stocks/:symbol`, composed in the route table).
 */
export interface SecurityPageContext {
  symbol: string;
  name: string;
  type: SecurityType;
}

/** In a section rendered on a security's page: which security it is about. */
export function useSecurityPage(): SecurityPageContext {
  return useOutletContext<SecurityPageContext>();
}
