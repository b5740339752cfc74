/**
 * Filing documents as EDGAR's archive serves them, for the fake EDGAR: inline XBRL (an XHTML
 * page whose hidden `ix:header` holds the XBRL contexts, figures tagged `ix:nonFraction`),
 * headings as styled spans in divs, a table of contents naming every item before the items
 * themselves. The wording is written for these tests; the figures are a sample, not Apple's.
 */

const archive = '/Archives/edgar/data/320193';

function inlineXbrl(title: string, body: string): string {
  return `<?xml version='1.0' encoding='ASCII'?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:us-gaap="http://fasb.org/us-gaap/2025" xml:lang="en-US">
<head><meta http-equiv="Content-Type" content="text/html"/><title>${title}</title>
<style type="text/css">.heading{font-weight:700}</style></head>
<body><div style="display:none"><ix:header><ix:hidden><ix:nonNumeric name="dei:AmendmentFlag" contextRef="c-1">false</ix:nonNumeric><ix:nonNumeric name="dei:DocumentFiscalYearFocus" contextRef="c-1">2025</ix:nonNumeric></ix:hidden><ix:resources><xbrli:context id="c-1"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000320193</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>2024-09-29</xbrli:startDate><xbrli:endDate>2025-09-27</xbrli:endDate></xbrli:period></xbrli:context></ix:resources></ix:header></div>
<script type="text/javascript">var viewer = 'Do not read 999 me';</script>
${body}
</body></html>`;
}

const heading = (text: string) =>
  `<div style="margin-top:12pt"><span class="heading" style="font-family:Helvetica,sans-serif;font-size:9pt">${text}</span></div>`;
const paragraph = (text: string) =>
  `<div style="margin-top:6pt;text-align:justify"><span style="font-family:Helvetica,sans-serif;font-size:9pt">${text}</span></div>`;
const tocRow = (item: string, title: string, page: number) =>
  `<tr><td><span>${item}</span></td><td><span>${title}</span></td><td><span>${page}</span></td></tr>`;
const usd = (billions: string, name: string) =>
  `$<ix:nonFraction unitRef="usd" contextRef="c-1" decimals="-8" name="us-gaap:${name}" format="ixt:num-dot-decimal" scale="9">${billions}</ix:nonFraction> billion`;

const annualReport = inlineXbrl(
  'aapl-20250927',
  [
    `<div style="text-align:center"><span>UNITED STATES<br/>SECURITIES AND EXCHANGE COMMISSION</span></div>`,
    `<div style="text-align:center"><span>FORM 10-K</span></div>`,
    `<table>${tocRow('Item 1.', 'Business', 1)}${tocRow('Item 1A.', 'Risk Factors', 5)}${tocRow('Item 7.', 'Management&#8217;s Discussion and Analysis of Financial Condition and Results of Operations', 20)}${tocRow('Item 7A.', 'Quantitative and Qualitative Disclosures About Market Risk', 27)}</table>`,
    heading('PART I'),
    heading('Item 1.&#160;&#160;&#160;&#160;Business'),
    paragraph(
      'The Company designs, manufactures and markets smartphones, personal computers, tablets, wearables and accessories, and sells a variety of related services. The Company&#8217;s fiscal year is the 52- or 53-week period that ends on the last Saturday of September.',
    ),
    paragraph(
      'The Company sells its products and resells third-party products in most of its major markets directly to consumers, small and mid-sized businesses, and education, enterprise and government customers through its retail and online stores and its direct sales force.',
    ),
    heading('Item 1A.&#160;&#160;&#160;&#160;Risk Factors'),
    paragraph(
      'The Company&#8217;s business, reputation, results of operations, financial condition and stock price can be affected by a number of factors, whether currently known or unknown. Global markets for the Company&#8217;s products and services are highly competitive, and the Company is subject to a rapidly changing legal and regulatory landscape, including new tariffs on imported components.',
    ),
    paragraph(
      'The Company depends on component and product manufacturing and logistical services provided by outsourcing partners, many of which are located outside of the U.S., and supply shortages could affect its results.',
    ),
    heading('PART II'),
    heading(
      'Item 7.&#160;&#160;&#160;&#160;Management&#8217;s Discussion and Analysis of Financial Condition and Results of Operations',
    ),
    paragraph(
      `Total net sales increased 6% or $22.0 billion during 2025 compared to 2024, to ${usd('416.2', 'RevenueFromContractWithCustomerExcludingAssessedTax')}, driven by higher net sales of iPhone and Services.`,
    ),
    paragraph(
      `Services net sales increased 14% during 2025 compared to 2024 to ${usd('109.2', 'RevenueFromContractWithCustomerExcludingAssessedTax')}, primarily due to higher net sales from advertising, the App Store and cloud services.`,
    ),
    paragraph(
      'Products gross margin percentage was 36.8% in 2025. The Company returned $90.7 billion to shareholders through share repurchases during 2025, and ended the year with $132.4 billion in cash and marketable securities.',
    ),
    heading(
      'Item 7A.&#160;&#160;&#160;&#160;Quantitative and Qualitative Disclosures About Market Risk',
    ),
    paragraph('The Company is exposed to interest rate risk and foreign exchange risk.'),
  ].join('\n'),
);

const quarterlyReport = inlineXbrl(
  'aapl-20250628',
  [
    `<div style="text-align:center"><span>FORM 10-Q</span></div>`,
    heading('PART I &#8212; FINANCIAL INFORMATION'),
    heading('Item 1.&#160;&#160;&#160;&#160;Financial Statements'),
    paragraph('Condensed consolidated statements of operations (unaudited), in millions.'),
    heading(
      'Item 2.&#160;&#160;&#160;&#160;Management&#8217;s Discussion and Analysis of Financial Condition and Results of Operations',
    ),
    paragraph(
      'Total net sales increased 10% during the third quarter of 2025 compared to the same quarter in 2024, to $94.0 billion. iPhone net sales were $44.6 billion and Services net sales were $27.4 billion.',
    ),
    paragraph(
      'Gross margin percentage was 46.5% in the third quarter of 2025. The Company recorded higher costs from tariffs during the quarter and expects such costs to continue.',
    ),
    heading('PART II &#8212; OTHER INFORMATION'),
    heading('Item 1A.&#160;&#160;&#160;&#160;Risk Factors'),
    paragraph(
      'There have been no material changes to the Company&#8217;s risk factors since the 2024 Form 10-K, other than the new tariff measures described above, which could adversely affect the Company&#8217;s gross margins.',
    ),
  ].join('\n'),
);

const currentReport = inlineXbrl(
  'aapl-20251030',
  [
    `<div style="text-align:center"><span>FORM 8-K</span></div>`,
    heading('Item 2.02&#160;&#160;&#160;&#160;Results of Operations and Financial Condition.'),
    paragraph(
      'On October 30, 2025, the Company issued a press release regarding its financial results for its fourth fiscal quarter ended September 27, 2025. Quarterly revenue was $102.5 billion, up 8% year over year, and the Company&#8217;s board of directors declared a cash dividend of $0.26 per share. The information in this Item 2.02 shall not be deemed filed for purposes of Section 18 of the Securities Exchange Act of 1934.',
    ),
    heading('Item 9.01&#160;&#160;&#160;&#160;Financial Statements and Exhibits.'),
    paragraph('Exhibit 99.1: Press release issued by the Company on October 30, 2025.'),
  ].join('\n'),
);

/**
 * The 8-K's Exhibit 99.1, the press release, as filers send it: plain HTML (not inline XBRL),
 * a dateline, the results in prose, then a condensed table.
 */
const pressRelease = `<html><head><title>Document</title></head><body>
<div style="text-align:right"><span style="font-size:10pt">Exhibit 99.1</span></div>
<div style="text-align:center"><span style="font-weight:700;font-size:14pt">Apple reports fourth quarter results</span></div>
<div><span style="font-style:italic">Services revenue reaches an all-time high of $28.8 billion</span></div>
<p>CUPERTINO, CALIFORNIA &#8212; Apple&#174; today announced financial results for its fiscal 2025 fourth quarter ended September&#160;27, 2025. The Company posted quarterly revenue of $102.5&#160;billion, up 8&#160;percent year over year, and quarterly diluted earnings per share of $1.85, up 13&#160;percent year over year.</p>
<p>iPhone revenue was $49.0 billion and Mac revenue was $8.7 billion. The Company&#8217;s installed base of active devices reached a new all-time high in every geographic segment.</p>
<p>Apple&#8217;s board of directors has declared a cash dividend of $0.26 per share of the Company&#8217;s common stock, payable on November&#160;13, 2025 to shareholders of record as of the close of business on November&#160;10, 2025.</p>
<p>Apple will provide live streaming of its Q4 2025 financial results conference call at 2:00 p.m. PT on October&#160;30, 2025.</p>
<table>
<tr><td colspan="3">CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited) (In millions, except per-share amounts)</td></tr>
<tr><td>Net sales: Products</td><td>$</td><td>73,716</td></tr>
<tr><td>Net sales: Services</td><td>$</td><td>28,750</td></tr>
<tr><td>Total net sales</td><td>$</td><td>102,466</td></tr>
</table>
</body></html>`;

/** Apple's three listed filings' documents, by their archive path. */
export const appleFilingDocuments: Record<string, string> = {
  [`${archive}/000032019325000079/aapl-20250927.htm`]: annualReport,
  [`${archive}/000032019325000073/aapl-20250628.htm`]: quarterlyReport,
  [`${archive}/000032019325000077/aapl-20251030.htm`]: currentReport,
  [`${archive}/000032019325000077/a8-kex991q4202509272025.htm`]: pressRelease,
};

/** A document of a filing beside its main one, as its index headers declare it. */
export interface FakeExhibit {
  /** `EX-99.1`, `EX-101.SCH`, `GRAPHIC`... */
  type: string;
  document: string;
  description: string;
}

/**
 * A filing's `{accession}-index-headers.html` as EDGAR's archive serves it: the submission's
 * SGML header and each document's header, HTML-escaped in a `<pre>` (the documents' text is
 * left out: `<TEXT>` is empty).
 */
export function indexHeadersPage(
  company: { cik: string; name: string },
  filing: { accessionNumber: string; filingDate: string; form: string; primaryDocument: string },
  exhibits: FakeExhibit[],
): string {
  const day = filing.filingDate.replaceAll('-', '');
  const documents = [
    { type: filing.form, document: filing.primaryDocument, description: filing.form },
    ...exhibits,
  ];
  const header = [
    `<SEC-HEADER>${filing.accessionNumber}.hdr.sgml : ${day}`,
    `<ACCEPTANCE-DATETIME>${day}163047`,
    `ACCESSION NUMBER:\t\t${filing.accessionNumber}`,
    `CONFORMED SUBMISSION TYPE:\t${filing.form}`,
    `PUBLIC DOCUMENT COUNT:\t\t${documents.length}`,
    `FILED AS OF DATE:\t\t${day}`,
    `DATE AS OF CHANGE:\t\t${day}`,
    '',
    'FILER:',
    '',
    '\tCOMPANY DATA:\t',
    `\t\tCOMPANY CONFORMED NAME:\t\t\t${company.name.toUpperCase()}`,
    `\t\tCENTRAL INDEX KEY:\t\t\t${company.cik}`,
    '\t\tSTANDARD INDUSTRIAL CLASSIFICATION:\tELECTRONIC COMPUTERS [3571]',
    '</SEC-HEADER>',
  ];
  const parts = documents.flatMap((document, index) => [
    '<DOCUMENT>',
    `<TYPE>${document.type}`,
    `<SEQUENCE>${index + 1}`,
    `<FILENAME>${document.document}`,
    `<DESCRIPTION>${document.description}`,
    '<TEXT>',
    '</TEXT>',
    '</DOCUMENT>',
  ]);
  const escaped = [...header, ...parts]
    .join('\n')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
  return `<html>\n<head>\n<title>${filing.accessionNumber}.hdr.sgml : ${day}</title>\n</head>\n<body>\n<pre>\n${escaped}\n</pre>\n</body>\n</html>\n`;
}
