import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { refuseUnknownTools } from '../../../../../src/adapters/inbound/mcp/unknownTools.js';

describe('refuseUnknownTools', () => {
  const serve = async (server: McpServer) => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'unit', version: '1' });
    await client.connect(clientSide);
    return client;
  };

  it('answers a call to a tool the server lacks with -32602 "Unknown tool", and passes the others to the SDK', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({
      content: [{ type: 'text', text }],
    }));
    refuseUnknownTools(server, new Set(['echo']));
    const client = await serve(server);
    const error = await client.callTool({ name: 'x'.repeat(500), arguments: {} }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(McpError);
    expect((error as McpError).code).to.equal(-32602);
    expect((error as McpError).message).to.equal(`MCP error -32602: Unknown tool: ${'x'.repeat(100)}`);
    expect((error as McpError).data).to.deep.equal({ tools: ['echo'] });
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).to.deep.include({
      content: [{ type: 'text', text: 'hi' }],
    });
    // The SDK's own checks still run: bad arguments stay a tool result.
    expect((await client.callTool({ name: 'echo', arguments: { text: 1 } })).isError).to.equal(true);
    await client.close();
  });

  it('fails at once when the SDK keeps no tools/call handler where it is wrapped', () => {
    expect(() => refuseUnknownTools(new McpServer({ name: 't', version: '1' }), new Set())).to.throw(/tools\/call handler/);
  });
});
