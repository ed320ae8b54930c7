import { homedir } from 'node:os';
import path from 'node:path';

const APP = 'facturx-desk';

/** The per-user data folder of the platform (XDG on Linux and others, Application Support, %APPDATA%). */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32')
    return path.win32.join(env.APPDATA ?? path.win32.join(home, 'AppData', 'Roaming'), APP);
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', APP);
  return path.posix.join(env.XDG_DATA_HOME || path.posix.join(home, '.local', 'share'), APP);
}
