// One line of GET /readyz: whether a part the server needs works, and a short reason (never a secret).
export type Check = { ok: boolean; detail: string };
