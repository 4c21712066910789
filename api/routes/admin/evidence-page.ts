// The evidence pack as a printable page (`?format=html`): the same pack and hash as the JSON, every value
// escaped (event data is members' text), no script, styles inline for print.
import type { EvidenceManifest, EvidencePack } from '../../contracts/admin-evidence.js';
import { evidenceTexts } from '../../contracts/admin-evidence.js';

const escape = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const party = (role: string, p: EvidencePack['student']) =>
  `<dt>${role}</dt><dd>${escape(p.name ?? 'Unknown member')} (${escape(p.memberId)}), ${escape(p.timeZone)}</dd>`;

export const evidencePage = (pack: EvidencePack, manifest: EvidenceManifest): string => {
  const rows = pack.events
    .map(
      (e) => `<tr>
  <td data-label="Position">${escape(e.position)}</td>
  <td data-label="When">${escape(e.occurredAt)}<br><small>student ${escape(e.atStudent)}<br>mentor ${escape(e.atMentor)}</small></td>
  <td data-label="What"><strong>${escape(e.type)}</strong><br><small>${escape(e.streamId)} #${escape(e.streamPosition)}</small></td>
  <td data-label="Who">${escape(e.actorId ?? 'system')}</td>
  <td data-label="Data"><pre>${escape(JSON.stringify(e.data, null, 2))}</pre></td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(evidenceTexts.title)}: session ${escape(pack.sessionId)}</title>
<style>
  body { font: 14px/1.45 system-ui, sans-serif; color: #0f172a; margin: 24px; }
  h1 { font-size: 20px; margin: 0 0 12px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 16px; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #cbd5e1; padding: 6px 8px; text-align: left; vertical-align: top; }
  th { background: #f1f5f9; }
  pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; }
  small { color: #475569; }
  @media print { body { margin: 0; } tr { break-inside: avoid; } }
  /* On a phone's screen each event is a card of labelled fields: five columns do not fit 390 px. */
  @media screen and (max-width: 640px) {
    body { margin: 12px; }
    dl { grid-template-columns: 1fr; gap: 0 0; } dd { margin: 0 0 6px; }
    thead { display: none; }
    table, tbody, tr, td { display: block; }
    tr { border: 1px solid #cbd5e1; border-radius: 6px; margin: 0 0 12px; }
    td { border: 0; border-top: 1px solid #e2e8f0; }
    tr td:first-child { border-top: 0; }
    td::before { content: attr(data-label); display: block; font-weight: 600; font-size: 12px; color: #475569; }
  }
</style>
</head>
<body>
<main>
<h1>${escape(evidenceTexts.title)}: session ${escape(pack.sessionId)}</h1>
<dl>
  ${party('Student', pack.student)}
  ${party('Mentor', pack.mentor)}
  <dt>Format</dt><dd>${escape(pack.format)}</dd>
  <dt>SHA-256</dt><dd><code data-sha256>${escape(manifest.sha256)}</code> of the pack's canonical JSON (RFC 8785), ${manifest.bytes} bytes</dd>
  <dt>Events</dt><dd>${manifest.events}, up to log position ${escape(manifest.lastPosition ?? 'none')}</dd>
</dl>
<table>
<thead><tr><th scope="col">Position</th><th scope="col">When</th><th scope="col">What</th><th scope="col">Who</th><th scope="col">Data</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>
</body>
</html>
`;
};
