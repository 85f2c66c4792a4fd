#!/usr/bin/env python3
"""Where a bench worker's CPU samples go, from async-profiler's collapsed stacks (docs/bench/notes/
2026-12-02-to-04-analyses.md, "What the missed targets are made of").

usage: profile_categories.py US_PER_OP FILE.collapsed [FILE.collapsed ...]

Left out: the JIT compiler threads, and start-up (class loading and linking, call-site linking, interpreted frames,
native library extraction, the bench building its pool). A sample under a system call counts for that call (send,
recv, epoll_wait, the hand-off: eventfd write and futex park/unpark, with their Java paths). Any other sample counts
for the leaf-most frame that belongs to a known layer: r2dbc-pool/reactor-pool and HikariCP as "pool", the bench's
own code, the driver (pgfast or pgjdbc); a Reactor operator or a Netty buffer method counts for whoever called it
(the nearest such frame above it); Netty's frames with none of those above them (its event loop, read path and
pipeline) as "Netty". Each share is printed with its microseconds per operation, the share times US_PER_OP (the CPU
per operation of an unprofiled run: the profiler's own cost is not in its samples).
"""
import collections
import sys

STARTUP = ('<clinit>', 'ClassLoader', 'SystemDictionary', 'LinkResolver', 'Interpreter', 'interpreter',
           'createTempFile', 'loadLibrary', 'JVM_DefineClass', 'Runtime1::', 'Unsafe_DefineClass', 'Class.forName',
           'linkCallSite', 'BootstrapMethodInvoker', 'ConnectionPool.<init>')
SYSCALLS = [
    ('recv', ('Net.poll', 'NioSocketImpl.park')),  # a blocking socket's wait for data is part of its read
    ('send', ('sendAddress', '__sys_sendto', 'sendToAddress', 'doWriteBytes', 'writeBytes',
              'SocketDispatcher.write', 'NioSocketImpl.write')),
    ('recv', ('recvAddress', '__sys_recvfrom', 'doReadBytes', 'readAddress', 'SocketDispatcher.read',
              'NioSocketImpl.read')),
    ('epoll_wait', ('epollWait', 'epoll_pwait', 'epollBusyWait')),
    ('hand-off', ('eventFdWrite', 'Unsafe.park', 'Unsafe.unpark', 'futex', 'LockSupport', 'eventfd')),
]
OWNERS = [('pool', ('reactor/pool/', 'io/r2dbc/pool/', 'com/zaxxer/')), ('bench', ('io/pgfast/bench/',)),
          ('pgfast', ('io/pgfast/',)), ('pgjdbc', ('org/postgresql/',)), ('vertx', ('io/vertx/',))]


def category(frames):
    stack = ';'.join(frames)
    if 'CompileBroker' in stack or any(k in stack for k in STARTUP):
        return None
    if 'GCTaskThread' in stack or 'WorkerThread' in stack or 'ConcurrentGC' in stack or 'G1' in frames[0]:
        return 'GC'
    for name, keys in SYSCALLS:
        if any(k in stack for k in keys):
            return name
    for frame in reversed(frames):
        for name, prefixes in OWNERS:
            if frame.startswith(prefixes):
                return name
    # Netty's frames with none of those above them: its event loop, read path and pipeline (a buffer method the
    # driver calls counts for the driver, above)
    if any(frame.startswith('io/netty/') for frame in frames):
        return 'Netty'
    return 'other'


def main(args):
    us = float(args[0])
    total, kernel, counts = 0, 0, collections.Counter()
    for path in args[1:]:
        with open(path) as f:
            for line in f:
                stack, n = line.rsplit(' ', 1)
                frames = stack.split(';')
                c = category(frames)
                if c is None:
                    continue
                total += int(n)
                counts[c] += int(n)
                kernel += int(n) if frames[-1].endswith('_[k]') else 0
    print(f'{total} samples, {kernel * 100 / total:.1f} % in the kernel')
    for c, n in counts.most_common():
        print(f'{c:12s} {n * 100 / total:5.1f} %  {n / total * us:8.1f} us')


if __name__ == '__main__':
    main(sys.argv[1:])
