import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The operator token the e2e server wrote to its data folder. */
function operatorToken(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the suite through playwright test');
  return (JSON.parse(readFileSync(join(dataDir, 'operator.json'), 'utf8')) as { token: string })
    .token;
}

/**
 * Moves a symbol's simulated price (the e2e server runs with SIMULATION_CONTROL): the server
 * takes in a quote at that price at once, as it would a real one. `null` hands the symbol back
 * to the simulation.
 */
export async function setSimulatedPrice(symbol: string, price: number | null): Promise<void> {
  const baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) throw new Error('E2E_BASE_URL is not set: run the suite through playwright test');
  const response = await fetch(`${baseUrl}/api/simulation/quotes/${symbol}`, {
    method: price === null ? 'DELETE' : 'PUT',
    headers: {
      authorization: `Bearer ${operatorToken()}`,
      origin: baseUrl,
      ...(price === null ? {} : { 'content-type': 'application/json' }),
    },
    ...(price === null ? {} : { body: JSON.stringify({ price }) }),
  });
  if (!response.ok) {
    throw new Error(
      `the simulated price could not be set: ${response.status} ${await response.text()}`,
    );
  }
}
