// The dependency installs going on now, one object per app (buildApp makes it; deps.installs): one
// install per project and per person at a time, MAX_CONCURRENT_INSTALLS at once. Runs and deletes
// ask it first, since an install is writing the project's dependency directory meanwhile.
import { AppError } from '../../../errors';

/** Installs at once on one server: each may hold up to a GiB of memory. */
export const MAX_CONCURRENT_INSTALLS = 4;

export class Installs {
  private readonly projects = new Set<string>();
  private readonly users = new Set<string>();

  /** Whether the project's dependencies are being installed right now. */
  has(projectId: string): boolean {
    return this.projects.has(projectId);
  }

  /**
   * Marks the project (and its owner) as installing until `release` is called; 409 when either
   * already is, 503 when the server is full. One install per person: what an install adds counts
   * in their storage only once it is done, so installs side by side could each go past the quota.
   */
  claim(projectId: string, userId: string): () => void {
    if (this.projects.has(projectId)) {
      throw new AppError('CONFLICT', 'Dependencies are already being installed for this project. Wait for that installation to finish, then try again.');
    }
    if (this.users.has(userId)) {
      throw new AppError('CONFLICT', 'You are already installing dependencies for another bot. Wait for that installation to finish, then try again.');
    }
    if (this.projects.size >= MAX_CONCURRENT_INSTALLS) {
      throw new AppError('SERVICE_UNAVAILABLE', "The server is busy installing other projects' dependencies. Please try again in a minute.");
    }
    this.projects.add(projectId);
    this.users.add(userId);
    return () => {
      this.projects.delete(projectId);
      this.users.delete(userId);
    };
  }
}
