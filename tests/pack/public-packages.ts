import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WorkspacePackage {
  readonly name: string;
  readonly version: string;
  readonly dir: string;
  /** The file `pnpm pack` writes for it (`@engram/cli` 0.2.0 -> `engram-cli-0.2.0.tgz`). */
  readonly tarball: string;
}

/** The folders pnpm-workspace.yaml names that hold packages meant for users (tests/ is the workspace's own). */
const PACKAGE_FOLDERS = ['packages', 'packages/regions', 'apps'];

/** The workspace's packages that are published: every package.json under the package folders without `private`. */
export const publicPackages = (root: string): WorkspacePackage[] =>
  PACKAGE_FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(root, folder, d.name, 'package.json')))
      .map((d) => join(folder, d.name)),
  )
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string; version: string; private?: boolean } }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ dir, manifest }) => ({ name: manifest.name, version: manifest.version, dir, tarball: `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz` }))
    .sort((a, b) => a.name.localeCompare(b.name));
