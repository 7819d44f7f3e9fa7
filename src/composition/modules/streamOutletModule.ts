import { ContainerModule } from 'inversify';
import type { StreamOutletPort } from '../../application/ports/StreamOutletPort.js';
import { TYPES } from '../../application/tokens.js';

/** Where stream notifications leave the application: the MCP sessions' outlets. */
export function streamOutletModule(outlets: StreamOutletPort): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TYPES.StreamOutletPort).toConstantValue(outlets);
  });
}
