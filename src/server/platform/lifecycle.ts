/**
 * Where this server process is in its life, as the load balancer needs to know it: ready once its
 * migrations are applied, and no longer ready from the moment it starts to drain on SIGTERM, so
 * HAProxy stops sending it new requests while it finishes the ones it has (docs/operating.md).
 */
export class Lifecycle {
  migrated: boolean
  draining = false

  constructor({ migrated }: { migrated: boolean }) {
    this.migrated = migrated
  }
}
