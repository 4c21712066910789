import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const markup = (value: string) =>
  renderToStaticMarkup(
    <Tabs value={value} onValueChange={() => {}}>
      <TabsList label="Session tabs">
        <TabsTrigger value="requested">Requested</TabsTrigger>
        <TabsTrigger value="upcoming">Upcoming</TabsTrigger>
      </TabsList>
      <TabsContent value="requested">requested list</TabsContent>
      <TabsContent value="upcoming">upcoming list</TabsContent>
    </Tabs>,
  );

const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

describe('tabs drawn without Radix panels', () => {
  it("ties each trigger to its panel by id, as Radix's own panels are tied", () => {
    const html = markup('upcoming');
    const controls = attribute(html, /aria-controls="([^"]+)"[^>]*>Upcoming/);
    const triggerId = attribute(html, /id="([^"]+)"[^>]*>Upcoming/) ?? attribute(html, /aria-controls="[^"]+"[^>]*id="([^"]+)"[^>]*>Upcoming/);
    expect(controls).toBeDefined();
    expect(html).toContain(`role="tabpanel" id="${controls}" aria-labelledby="${triggerId}" data-state="active"`);
  });

  it('draws only the selected panel and leaves the others hidden and empty', () => {
    const html = markup('requested');
    expect(html).toContain('requested list');
    expect(html).not.toContain('upcoming list');
    expect(html.match(/role="tabpanel"/g)).toHaveLength(2);
    expect(html).toMatch(/data-state="inactive" hidden=""/);
  });
});
