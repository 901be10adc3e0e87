// The shape of one Bot API method of the emulator: it gets the session state, the normalised
// parameters and the uploaded files, and returns the `result` or throws a BotApiError.
import type { Params } from './bot-api-params';
import type { SessionCore } from './session-core';

/** One file part of a multipart request. */
export type UploadedFile = { bytes: Buffer; filename: string; mimeType: string };

export type MethodContext = {
  core: SessionCore;
  params: Params;
  files: Map<string, UploadedFile>;
  /** Aborted when the client went away (a held getUpdates ends). */
  signal?: AbortSignal;
};

export type BotMethod = (context: MethodContext) => unknown;
