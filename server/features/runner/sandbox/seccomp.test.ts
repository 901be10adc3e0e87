// The sandbox's seccomp filter (seccomp.ts), loaded by a real bwrap as the runner does
// (`--seccomp FD`): the kernel features container runtimes close are refused with EPERM, and
// everything a bot normally does (files, threads, sockets, subprocesses, node) still works. Each
// refused call is first made without the filter, to show the EPERM comes from it and not from
// missing capabilities.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutable } from './host-tools';
import { buildSeccompProgram, seccompProgram } from './seccomp';

const bwrap = findExecutable('bwrap');
const PYTHON = '/usr/bin/python3';
const root = mkdtempSync(path.join(os.tmpdir(), 'botwright-seccomp-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Result = { code: number | null; stdout: string; stderr: string };

/** Runs argv in bwrap as an unprivileged uid, with the program on fd 3 when given. */
function inBwrap(argv: string[], program: Buffer | null, env: Record<string, string> = {}): Promise<Result> {
  const args = ['--unshare-all', '--unshare-user', '--uid', '1000', '--gid', '1000', '--cap-drop', 'ALL', '--die-with-parent', '--new-session'];
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp');
  if (program) args.push('--seccomp', '3');
  const child = spawn(bwrap!, [...args, '--', ...argv], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], env: { PATH: '/usr/bin:/bin', ...env } });
  const fd3 = child.stdio[3] as NodeJS.WritableStream;
  fd3.on('error', () => {});
  fd3.end(program ?? Buffer.alloc(0));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += String(d)));
  child.stderr!.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// sc(nr, *args): the raw system call, answering 'ok' or the errno's name.
const SYSCALL = String.raw`libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
def sc(nr, *args):
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) for a in args])
    return errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno())) if r == -1 else 'ok'
`;

// x86_64 numbers; each call's arguments are chosen so that, without the filter, the kernel answers
// with something other than EPERM (a bad pointer, a missing pid...).
const PROBE = String.raw`
import ctypes, errno, json, os, subprocess, sys
${SYSCALL}status = {l.split(':')[0]: l.split()[1] for l in open('/proc/self/status') if ':' in l and len(l.split()) > 1}
out = {'Seccomp': status['Seccomp'], 'CapEff': status['CapEff']}
null = os.open('/dev/null', os.O_RDONLY)
out.update({
  'io_uring_setup': sc(425, 0, 0), 'io_uring_enter': sc(426, -1, 0, 0, 0, 0, 0), 'io_uring_register': sc(427, -1, 0, 0, 0),
  'keyctl': sc(250, 0, -3, 0), 'add_key': sc(248, 0, 0, 0, 0, 0), 'request_key': sc(249, 0, 0, 0, 0),
  'userfaultfd': sc(323, 1 | 2), 'bpf': sc(321, -1, 0, 0), 'perf_event_open': sc(298, 0, 0, -1, -1, 0),
  'mount': sc(165, 0, 0, 1, 0, 0), 'umount2': sc(166, 0, 0xffff), 'open_tree': sc(428, -1, 0, 0), 'fsconfig': sc(431, -1, 0xffff, 0, 0, 0),
  'mount_setattr': sc(442, -1, 0, 0xffff, 0, 0), 'setns': sc(308, -1, 0), 'clone(CLONE_NEWUSER)': sc(56, 0x10000000 | 0x200, 0, 0, 0, 0),
  'ptrace': sc(101, 2, 999999, 0, 0), 'process_vm_readv': sc(310, 999999, 0, 1, 0, 1, 0), 'process_vm_writev': sc(311, 999999, 0, 1, 0, 1, 0),
  'pidfd_getfd': sc(438, -1, 0, 0), 'kcmp': sc(312, 999999, 999999, 99, 0, 0), 'name_to_handle_at': sc(303, -100, 0, 0, 0, 0),
  'open_by_handle_at': sc(304, -1, 0, 0), 'clock_settime': sc(227, 0, 0), 'adjtimex': sc(159, 0), 'clock_adjtime': sc(305, 0, 0),
  'quotactl': sc(179, 0, 0, 0, 0), 'kexec_load': sc(246, 0, 0, 0, 0), 'init_module': sc(175, 0, 0, 0), 'finit_module': sc(313, -1, 0, 0),
  'delete_module': sc(176, 0, 0), 'lookup_dcookie': sc(212, 0, 0, 0), 'iopl': sc(172, 3), 'ioperm': sc(173, 0, 1, 1),
  'personality(READ_IMPLIES_EXEC)': sc(135, 0x0400000), 'ioctl(TIOCSTI)': sc(16, null, 0x5412, 0),
  'ioctl(TIOCSTI with high bits)': sc(16, null, 0x100005412, 0), 'x32 getpid': sc(0x40000000 | 39), 'clone3': sc(435, 0, 0),
})
# i386 getpid through int 0x80, in a child: a kernel without the i386 ABI faults instead of answering.
I386 = "import ctypes, mmap, os\nb = mmap.mmap(-1, 4096, prot=7)\nb.write(bytes([0xB8, 20, 0, 0, 0, 0xCD, 0x80, 0xC3]))\nr = ctypes.CFUNCTYPE(ctypes.c_int)(ctypes.addressof(ctypes.c_char.from_buffer(b)))()\nos.write(1, str(r).encode())"
r = subprocess.run([sys.executable, '-c', I386], capture_output=True, text=True)
out['i386 getpid'] = ('ok' if int(r.stdout) > 0 else errno.errorcode[-int(r.stdout)]) if r.returncode == 0 else 'no i386 ABI'
out['unshare(CLONE_NEWUSER)'] = sc(272, 0x10000000)  # last: without the filter it succeeds
print(json.dumps(out))
`;

const REFUSED = [
  'io_uring_setup', 'io_uring_enter', 'io_uring_register', 'keyctl', 'add_key', 'request_key', 'userfaultfd', 'bpf', 'perf_event_open',
  'mount', 'umount2', 'open_tree', 'fsconfig', 'mount_setattr', 'setns', 'clone(CLONE_NEWUSER)', 'ptrace', 'process_vm_readv',
  'process_vm_writev', 'pidfd_getfd', 'kcmp', 'name_to_handle_at', 'open_by_handle_at', 'clock_settime', 'adjtimex', 'clock_adjtime',
  'quotactl', 'kexec_load', 'init_module', 'finit_module', 'delete_module', 'lookup_dcookie', 'iopl', 'ioperm',
  'personality(READ_IMPLIES_EXEC)', 'ioctl(TIOCSTI)', 'ioctl(TIOCSTI with high bits)', 'x32 getpid', 'unshare(CLONE_NEWUSER)',
];

// vsock (AF_VSOCK, 40) ignores the network namespace: on a host that is itself a VM, it reaches the
// hypervisor's side. The NUMA memory-policy calls act on the machine's memory placement (move_pages
// looks at and moves other processes' pages). Docker's default profile refuses all of them.
const VSOCK_AND_NUMA = String.raw`
import ctypes, errno, json, socket
${SYSCALL}print(json.dumps({
  'socket(AF_VSOCK, SOCK_STREAM)': sc(41, 40, 1, 0), 'socket(AF_VSOCK, SOCK_DGRAM)': sc(41, 40, 2, 0),
  'socket(AF_VSOCK with high bits)': sc(41, 0x100000028, 1, 0),
  'set_mempolicy': sc(238, 0, 0, 0), 'mbind': sc(237, 0, 0, 0, 0, 0, 0), 'move_pages': sc(279, 0, 0, 0, 0, 0, 0),
  'get_mempolicy': sc(239, 0, 0, 0, 0, 0), 'migrate_pages': sc(256, 0, 0, 0, 0), 'set_mempolicy_home_node': sc(450, 0, 0, 0, 0),
  'chroot': sc(161, 0), 'sethostname': sc(170, 0, 0), 'setdomainname': sc(171, 0, 0), 'vhangup': sc(153), 'sysfs': sc(139, 2, 0, 0), 'ustat': sc(136, 0, 0),
  'socket(AF_INET)': sc(41, 2, 1, 0), 'socket(AF_UNIX)': sc(41, 1, 1, 0), 'socket(AF_INET6)': sc(41, 10, 1, 0),
}))
`;

const ORDINARY = String.raw`
import json, os, socket, subprocess, sys, threading, ctypes
out = {}
with open('/tmp/f.txt', 'w') as f: f.write('hello')
out['file'] = open('/tmp/f.txt').read()
results = []
threads = [threading.Thread(target=lambda i=i: results.append(i * i)) for i in range(8)]
[t.start() for t in threads]; [t.join() for t in threads]
out['threads'] = sorted(results)
server = socket.socket(); server.bind(('127.0.0.1', 0)); server.listen()
client = socket.create_connection(server.getsockname()); conn, _ = server.accept()
client.sendall(b'ping'); out['tcp'] = conn.recv(4).decode()
a, b = socket.socketpair(); a.sendall(b'pair'); out['socketpair'] = b.recv(4).decode()
pid = os.fork()
if pid == 0: os._exit(7)
out['fork'] = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
out['subprocess'] = subprocess.run([sys.executable, '-c', 'print(6 * 7)'], capture_output=True, text=True).stdout.strip()
out['personality(PER_LINUX)'] = ctypes.CDLL(None).personality(0)
print(json.dumps(out))
`;

const NODE_WORK = String.raw`
const fs = require('node:fs');
const { Worker } = require('node:worker_threads');
const { execFileSync } = require('node:child_process');
fs.writeFileSync('/tmp/n.txt', 'node');
fs.promises.readFile('/tmp/n.txt', 'utf8').then((text) => {
  const w = new Worker('require("node:worker_threads").parentPort.postMessage(21 * 2)', { eval: true });
  w.once('message', (n) => {
    const child = execFileSync(process.execPath, ['-e', 'process.stdout.write("child")'], { encoding: 'utf8' });
    console.log(JSON.stringify({ text, worker: n, child }));
  });
});
`;

const runnable = bwrap !== null && process.arch === 'x64';
describe.skipIf(!runnable)(`the sandbox's seccomp filter${runnable ? '' : ' [skipped: needs bwrap on x86_64]'}`, () => {
  it('is built once per server from the syscall list, every name known to libseccomp here', async () => {
    const result = await seccompProgram();
    if (result.program === null) throw new Error(result.reason);
    expect(result.program.length % 8).toBe(0); // struct sock_filter is 8 bytes
    expect(result.program.length).toBeGreaterThan(8 * 20);
    expect(result.skipped).toEqual([]);
    expect(await seccompProgram()).toBe(result);
  });

  it('refuses io_uring, keys, userfaultfd, bpf, perf, mounts, namespaces, ptrace, modules, clocks and the x32/i386 ABIs with EPERM', async () => {
    const { program } = (await seccompProgram()) as { program: Buffer };
    const without = await inBwrap([PYTHON, '-c', PROBE], null);
    const withFilter = await inBwrap([PYTHON, '-c', PROBE], program);
    expect(without.code, without.stderr).toBe(0);
    expect(withFilter.code, withFilter.stderr).toBe(0);
    const before = JSON.parse(without.stdout) as Record<string, string>;
    const after = JSON.parse(withFilter.stdout) as Record<string, string>;
    expect([before.Seccomp, after.Seccomp]).toEqual(['0', '2']);
    expect(after.CapEff).toBe('0000000000000000');
    // Without the filter these reach the kernel and fail (or succeed) for other reasons.
    const distinct = REFUSED.filter((name) => before[name] !== 'EPERM');
    expect(distinct).toEqual(expect.arrayContaining(['io_uring_setup', 'keyctl', 'userfaultfd', 'bpf', 'perf_event_open', 'mount', 'unshare(CLONE_NEWUSER)', 'clone(CLONE_NEWUSER)', 'ptrace', 'x32 getpid', 'personality(READ_IMPLIES_EXEC)', 'ioctl(TIOCSTI with high bits)']));
    for (const name of REFUSED) expect(`${name}: ${after[name]}`).toBe(`${name}: EPERM`);
    // glibc falls back to clone() when clone3 is "not implemented"; its flags are out of a filter's reach.
    expect(after.clone3).toBe('ENOSYS');
    expect(after['i386 getpid']).toBe(before['i386 getpid'] === 'no i386 ABI' ? 'no i386 ABI' : 'EPERM');
  });

  it('refuses vsock sockets, the NUMA memory-policy calls and the rest of what Docker\'s default profile refuses with EPERM; other sockets still open', async () => {
    const { program } = (await seccompProgram()) as { program: Buffer };
    const without = await inBwrap([PYTHON, '-c', VSOCK_AND_NUMA], null);
    const withFilter = await inBwrap([PYTHON, '-c', VSOCK_AND_NUMA], program);
    expect(without.code, without.stderr).toBe(0);
    expect(withFilter.code, withFilter.stderr).toBe(0);
    const before = JSON.parse(without.stdout) as Record<string, string>;
    const after = JSON.parse(withFilter.stdout) as Record<string, string>;
    const refused = ['socket(AF_VSOCK, SOCK_STREAM)', 'socket(AF_VSOCK, SOCK_DGRAM)', 'socket(AF_VSOCK with high bits)', 'set_mempolicy', 'mbind', 'move_pages', 'get_mempolicy', 'migrate_pages', 'set_mempolicy_home_node'];
    // Without the filter the kernel answers (a vsock socket here, EAFNOSUPPORT where the host has no
    // vsock; 'ok' or EINVAL for the memory calls): the EPERM below is the filter's.
    for (const name of refused) expect(`${name}: ${before[name]}`).not.toBe(`${name}: EPERM`);
    for (const name of refused) expect(`${name}: ${after[name]}`).toBe(`${name}: EPERM`);
    // The rest Docker refuses to a container without capabilities (most need one the bot lacks anyway).
    for (const name of ['chroot', 'sethostname', 'setdomainname', 'vhangup', 'sysfs', 'ustat']) expect(`${name}: ${after[name]}`).toBe(`${name}: EPERM`);
    expect([after['socket(AF_INET)'], after['socket(AF_UNIX)'], after['socket(AF_INET6)']]).toEqual(['ok', 'ok', 'ok']);
  });

  it('lets ordinary python work run: files, threads, sockets, fork, subprocess', async () => {
    const { program } = (await seccompProgram()) as { program: Buffer };
    const r = await inBwrap([PYTHON, '-c', ORDINARY], program);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ file: 'hello', threads: [0, 1, 4, 9, 16, 25, 36, 49], tcp: 'ping', socketpair: 'pair', fork: 7, subprocess: '42', 'personality(PER_LINUX)': 0 });
  });

  it.each<Record<string, string>>([{}, { UV_USE_IO_URING: '1' }])('lets node start and work, io_uring falling back quietly (env %o)', async (env) => {
    const { program } = (await seccompProgram()) as { program: Buffer };
    const r = await inBwrap([process.execPath, '-e', NODE_WORK], program, env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ text: 'node', worker: 42, child: 'child' });
  });

  it('says why there is no program where python3-seccomp or python is missing, and which packages to install', async () => {
    // The system python without its site directories: `import seccomp` fails as on a host without the package.
    const noSite = path.join(root, 'python-without-seccomp');
    writeFileSync(noSite, `#!/bin/sh\nexec ${PYTHON} -S "$@"\n`);
    chmodSync(noSite, 0o755);
    const missingModule = await buildSeccompProgram(noSite);
    expect(missingModule).toEqual({ program: null, reason: expect.stringMatching(/python3-seccomp/), install: ['python3-seccomp'] });
    const missingPython = await buildSeccompProgram(path.join(root, 'no-such-python'));
    expect(missingPython).toEqual({ program: null, reason: expect.stringMatching(/no-such-python/), install: ['python3', 'python3-seccomp'] });
  });
});
