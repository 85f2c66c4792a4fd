package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Linux network namespace joined to this host's by a veth pair with a /30 of 10.231.0.0/16 (the host end is
 * {@link #hostAddress()}, the end in the namespace {@link #innerAddress()}), whose link can be cut silently:
 * static neighbour entries that point at a MAC address no interface has make each end send its frames to nobody,
 * so packets leave and are dropped, and neither a reset nor an ICMP error ever comes back (what a failover, a moved
 * address or a broken NAT does). Kernels without netem can do this too.
 *
 * <p>Needs root (CAP_NET_ADMIN) and iproute2's {@code ip}. Cleaned up by {@link #delete()}, by a shutdown hook, by
 * a {@link ShellGuard} once this JVM is gone (also after SIGKILL), and at the next start in any JVM: the names carry
 * the owner's PID, and those of a dead owner are removed.
 *
 * @see <a href="https://man7.org/linux/man-pages/man8/ip-netns.8.html">ip-netns(8)</a>
 * @see <a href="https://man7.org/linux/man-pages/man8/ip-neighbour.8.html">ip-neighbour(8)</a>
 */
final class NetworkNamespace {
    private static final String PREFIX = "pgfast-part-";
    /** Host ends are named {@code pgfh<pid>x<n>}: interface names have at most 15 characters. */
    private static final String LINK_PREFIX = "pgfh";
    private static final Pattern OWNED = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-(\\w+)");
    private static final Pattern OWNED_LINK = Pattern.compile(LINK_PREFIX + "(\\d+)x(\\d+)");
    /** The end inside the namespace; its name is the namespace's own. */
    private static final String INNER_LINK = "pgfast0";
    /** Locally administered, unicast, and on no interface here: frames sent to it reach nobody. */
    private static final String NOBODY_MAC = "02:00:00:00:00:01";
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(20);
    private static final List<Path> IP_CANDIDATES = List.of(Path.of("/usr/sbin/ip"), Path.of("/sbin/ip"),
            Path.of("/usr/bin/ip"), Path.of("/bin/ip"));
    /** /30 blocks in 10.231.0.0/16. */
    private static final int BLOCKS = 1 << 14;
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final String GUARD_SCRIPT = String.join("\n",
            "jvm=$1; ip=$2; ns=$3; link=$4",
            "while kill -0 \"$jvm\" 2>/dev/null; do sleep 1; done",
            "for p in $(\"$ip\" netns pids \"$ns\" 2>/dev/null); do kill -9 \"$p\" 2>/dev/null; done",
            "\"$ip\" netns del \"$ns\" 2>/dev/null",
            "\"$ip\" link del \"$link\" 2>/dev/null",
            "exit 0");

    private final Path ip;
    private final String name;
    private final String hostLink;
    private final String hostAddress;
    private final String innerAddress;
    private final Path scratch;
    private final AtomicBoolean deleted = new AtomicBoolean();
    private ShellGuard guard;

    private NetworkNamespace(Path ip, String name, String hostLink, String hostAddress, String innerAddress, Path scratch) {
        this.ip = ip;
        this.name = name;
        this.hostLink = hostLink;
        this.hostAddress = hostAddress;
        this.innerAddress = innerAddress;
        this.scratch = scratch;
    }

    /** Why namespaces cannot be made here, or empty when they can (a namespace is made and deleted to find out). */
    static Optional<String> unavailableReason() {
        if (!ServerUser.runningAsRoot()) {
            return Optional.of("not running as root: network namespaces and veth pairs need CAP_NET_ADMIN");
        }
        Optional<Path> ip = ipCommand();
        if (ip.isEmpty()) {
            return Optional.of("no `ip` command (iproute2) in " + IP_CANDIDATES);
        }
        String probe = PREFIX + ProcessHandle.current().pid() + "-probe";
        Path output = tempFile();
        try {
            CommandRunner.Result add = CommandRunner.run(List.of(ip.get().toString(), "netns", "add", probe), COMMAND_TIMEOUT, output);
            if (!add.succeeded()) {
                return Optional.of("`ip netns add` failed: " + add.output().strip());
            }
            CommandRunner.run(List.of(ip.get().toString(), "netns", "del", probe), COMMAND_TIMEOUT, output);
            return Optional.empty();
        } finally {
            deleteQuietly(output);
        }
    }

    /**
     * Makes a namespace with its veth pair, both ends up, and loopback up inside. Leftovers of dead JVMs are removed
     * first.
     *
     * @throws IllegalStateException if a step fails; what was made is removed
     */
    static NetworkNamespace create() {
        Path ip = ipCommand().orElseThrow(() -> new IllegalStateException("no `ip` command (iproute2) in " + IP_CANDIDATES));
        Path scratch;
        try {
            scratch = Files.createTempDirectory("pgfast-netns-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
        long pid = ProcessHandle.current().pid();
        int n = COUNTER.incrementAndGet();
        removeLeftovers(ip, scratch);
        int block = freeBlock(ip, scratch, (int) ((pid * 8 + n) % BLOCKS));
        String net = "10.231." + (block >> 6) + ".";
        int base = (block & 63) << 2;
        NetworkNamespace ns = new NetworkNamespace(ip, PREFIX + pid + "-" + n, LINK_PREFIX + pid + "x" + n,
                net + (base + 1), net + (base + 2), scratch);
        ShutdownActions.register(ns::delete);
        try {
            ns.setUp();
            return ns;
        } catch (RuntimeException | Error e) {
            ns.delete();
            throw e;
        }
    }

    private void setUp() {
        guard = ShellGuard.start("pgfast-netns-guard", GUARD_SCRIPT, List.of(ip.toString(), name, hostLink));
        run("netns", "add", name);
        run("link", "add", hostLink, "type", "veth", "peer", "name", INNER_LINK, "netns", name);
        run("addr", "add", hostAddress + "/30", "dev", hostLink);
        run("link", "set", hostLink, "up");
        inside("ip", "addr", "add", innerAddress + "/30", "dev", INNER_LINK);
        inside("ip", "link", "set", INNER_LINK, "up");
        inside("ip", "link", "set", "lo", "up");
    }

    String name() {
        return name;
    }

    /** This host's end of the link: where connections to {@link #innerAddress()} come from. */
    String hostAddress() {
        return hostAddress;
    }

    /** The namespace's end of the link. */
    String innerAddress() {
        return innerAddress;
    }

    /** {@code command} run inside the namespace ({@code ip netns exec}). */
    List<String> wrap(List<String> command) {
        List<String> all = new ArrayList<>(List.of(ip.toString(), "netns", "exec", name));
        all.addAll(command);
        return all;
    }

    /** Drops every packet both ways, silently. */
    void cut() {
        dropToward(true);
        dropToward(false);
    }

    /** Drops what the namespace sends to this host (answers, acknowledgements); what this host sends still arrives. */
    void cutTowardHost() {
        dropToward(true);
    }

    /** Lets packets through both ways again: the neighbours are resolved anew (ARP) on the next packet. */
    void heal() {
        runAllowingFailure(List.of(ip.toString(), "neigh", "del", innerAddress, "dev", hostLink));
        runAllowingFailure(wrap(List.of("ip", "neigh", "del", hostAddress, "dev", INNER_LINK)));
    }

    private void dropToward(boolean host) {
        if (host) {
            inside("ip", "neigh", "replace", hostAddress, "lladdr", NOBODY_MAC, "dev", INNER_LINK, "nud", "permanent");
        } else {
            run("neigh", "replace", innerAddress, "lladdr", NOBODY_MAC, "dev", hostLink, "nud", "permanent");
        }
    }

    /** Kills what still runs inside, deletes the namespace and the veth pair. Idempotent. */
    void delete() {
        if (!deleted.compareAndSet(false, true)) {
            return;
        }
        try {
            killProcessesInside(ip, name, scratch);
            runAllowingFailure(List.of(ip.toString(), "netns", "del", name));
            runAllowingFailure(List.of(ip.toString(), "link", "del", hostLink));
        } finally {
            if (guard != null) {
                guard.dismiss();
            }
            FileTree.delete(scratch);
        }
    }

    private void run(String... args) {
        List<String> command = new ArrayList<>(List.of(ip.toString()));
        command.addAll(List.of(args));
        check(command, scratch);
    }

    private void inside(String... command) {
        List<String> c = new ArrayList<>(List.of(command));
        if (c.get(0).equals("ip")) {
            c.set(0, ip.toString());
        }
        check(wrap(c), scratch);
    }

    private void runAllowingFailure(List<String> command) {
        CommandRunner.run(command, COMMAND_TIMEOUT, scratch.resolve("cmd.out"));
    }

    private static void check(List<String> command, Path scratch) {
        CommandRunner.Result r = CommandRunner.run(command, COMMAND_TIMEOUT, scratch.resolve("cmd.out"));
        if (!r.succeeded()) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + r.exitCode() + "): " + r.output().strip());
        }
    }

    /** Namespaces and host links of JVMs that are gone (the PID in the name no longer runs). */
    private static void removeLeftovers(Path ip, Path scratch) {
        CommandRunner.Result list = CommandRunner.run(List.of(ip.toString(), "netns", "list"), COMMAND_TIMEOUT, scratch.resolve("cmd.out"));
        for (String line : list.output().lines().toList()) {
            String ns = line.split("\\s+")[0];
            Matcher m = OWNED.matcher(ns);
            if (m.matches() && !alive(Long.parseLong(m.group(1)))) {
                killProcessesInside(ip, ns, scratch);
                CommandRunner.run(List.of(ip.toString(), "netns", "del", ns), COMMAND_TIMEOUT, scratch.resolve("cmd.out"));
                System.err.println("[pgfast-test] removed the network namespace " + ns + " a dead JVM left behind");
            }
        }
        CommandRunner.Result links = CommandRunner.run(List.of(ip.toString(), "-o", "link", "show"), COMMAND_TIMEOUT, scratch.resolve("cmd.out"));
        Matcher m = Pattern.compile("^\\d+: (" + LINK_PREFIX + "\\d+x\\d+)[@:]", Pattern.MULTILINE).matcher(links.output());
        while (m.find()) {
            Matcher owner = OWNED_LINK.matcher(m.group(1));
            if (owner.matches() && !alive(Long.parseLong(owner.group(1)))) {
                CommandRunner.run(List.of(ip.toString(), "link", "del", m.group(1)), COMMAND_TIMEOUT, scratch.resolve("cmd.out"));
                System.err.println("[pgfast-test] removed the veth " + m.group(1) + " a dead JVM left behind");
            }
        }
    }

    private static void killProcessesInside(Path ip, String ns, Path scratch) {
        CommandRunner.Result pids = CommandRunner.run(List.of(ip.toString(), "netns", "pids", ns), COMMAND_TIMEOUT, scratch.resolve("cmd.out"));
        if (!pids.succeeded()) {
            return;
        }
        for (String pid : pids.output().lines().map(String::strip).filter(s -> s.matches("\\d+")).toList()) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** The first /30 from {@code start} on that no address of this host lies in (another JVM's namespace may hold one). */
    private static int freeBlock(Path ip, Path scratch, int start) {
        String addresses = CommandRunner.run(List.of(ip.toString(), "-o", "-4", "addr", "show"), COMMAND_TIMEOUT,
                scratch.resolve("cmd.out")).output();
        for (int i = 0; i < BLOCKS; i++) {
            int block = (start + i) % BLOCKS;
            String net = "10.231." + (block >> 6) + ".";
            int base = (block & 63) << 2;
            boolean used = false;
            for (int host = 0; host < 4 && !used; host++) {
                used = addresses.contains(" " + net + (base + host) + "/");
            }
            if (!used) {
                return block;
            }
        }
        throw new IllegalStateException("every /30 of 10.231.0.0/16 is in use on this host");
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static Optional<Path> ipCommand() {
        return IP_CANDIDATES.stream().filter(Files::isExecutable).findFirst();
    }

    private static Path tempFile() {
        try {
            return Files.createTempFile("pgfast-netns-", ".out");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a stray output file in the temp directory is harmless
        }
    }
}
