/**
 * The public API's code samples on `/docs`, one request (the latest quote of AAPL) in three
 * languages. Each reads the server's address and the key from the environment
 * (`TICKERWISE_URL`, `TICKERWISE_API_KEY`) and prints the JSON answer; a server test runs each
 * of them against a running server, so the page never shows a sample that does not work.
 */
export interface ApiSample {
  id: 'curl' | 'javascript' | 'python';
  language: string;
  /** How to run it, for the page: "Node.js 18 or later, saved as quote.mjs". */
  runs: string;
  code: string;
}

export const apiSamples: readonly ApiSample[] = [
  {
    id: 'curl',
    language: 'curl',
    runs: 'Any shell with curl',
    code: `curl --fail-with-body -s "$TICKERWISE_URL/api/v1/quotes/AAPL" \\
  -H "Authorization: Bearer $TICKERWISE_API_KEY"`,
  },
  {
    id: 'javascript',
    language: 'JavaScript',
    runs: 'Node.js 18 or later, saved as quote.mjs',
    code: `const response = await fetch(\`\${process.env.TICKERWISE_URL}/api/v1/quotes/AAPL\`, {
  headers: { Authorization: \`Bearer \${process.env.TICKERWISE_API_KEY}\` },
});
if (!response.ok) throw new Error(\`\${response.status}: \${await response.text()}\`);
console.log(JSON.stringify(await response.json(), null, 2));`,
  },
  {
    id: 'python',
    language: 'Python',
    runs: 'Python 3, standard library only, saved as quote.py',
    code: `import json
import os
import urllib.request

request = urllib.request.Request(
    os.environ["TICKERWISE_URL"] + "/api/v1/quotes/AAPL",
    headers={"Authorization": "Bearer " + os.environ["TICKERWISE_API_KEY"]},
)
with urllib.request.urlopen(request) as response:
    print(json.dumps(json.load(response), indent=2))`,
  },
];
