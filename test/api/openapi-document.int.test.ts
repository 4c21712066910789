// The OpenAPI document the API serves at /api/docs/json must be valid for standard tools (issue 29
// item 17b): client generators and validators refuse one whose `$ref`s point at missing schemas, as the
// comments' recursive replies once did (#/components/schemas/schema0, which the document did not hold).
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('the served OpenAPI document', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  type Document = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>;
  const served = async () => (await (await fetch(`${server.url}/api/docs/json`)).json()) as Document;

  it('passes a standard OpenAPI validator', async () => {
    await expect(SwaggerParser.validate(await served())).resolves.toBeDefined();
  });

  it('describes the admin scope’s routes under the admin tag', async () => {
    const resolved = (await SwaggerParser.dereference(await served())) as Record<string, any>;
    const followers = resolved.paths['/api/admin/operations/followers'].get;
    expect(followers.tags).toEqual(['admin']);
    expect(Object.keys(followers.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(followers.responses['200'].content['application/json'].schema.properties.followers.items.properties.lag.properties.events).toBeDefined();
    expect(resolved.paths['/api/admin/me'].get.tags).toEqual(['admin']);
  });

  it('describes a comment’s replies as comments, to any depth', async () => {
    const resolved = (await SwaggerParser.dereference(await served())) as Record<string, any>;
    const page = resolved.paths['/api/posts/{id}/comments'].get.responses['200'].content['application/json'].schema;
    const comment = page.properties.comments.items;
    expect(comment.properties.replies.items).toBe(comment);
    expect(comment.properties.content.type).toBe('string');
  });
});
