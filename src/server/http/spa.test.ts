import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileInside } from './spa.js';

describe('fileInside: the SPA fallback never serves a file outside the build folder', () => {
  const root = path.join(path.sep, 'srv', 'dist');

  it('names a file inside the folder', () => {
    expect(fileInside(root, '/assets/index-AbC.js?v=1')).toBe(path.join(root, 'assets', 'index-AbC.js'));
    expect(fileInside(root, '/favicon%20x.svg')).toBe(path.join(root, 'favicon x.svg'));
  });

  it('refuses a sibling folder that merely starts with the same name', () => {
    expect(fileInside(root, '/../dist-secret/key.txt')).toBeNull();
    expect(fileInside(root, '/%2e%2e/dist-secret/key.txt')).toBeNull();
  });

  it('refuses paths that climb out and malformed escapes', () => {
    expect(fileInside(root, '/../../etc/passwd')).toBeNull();
    expect(fileInside(root, '/%E0%A4%A')).toBeNull();
  });
});
